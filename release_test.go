package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The release config (.goreleaser.yaml) is checked by goreleaser itself in
// .ci/run (goreleaser check); this test holds it to what the issue asks and
// to what the action's install step and --version expect.

type goreleaserConfig struct {
	Version int
	Builds  []struct {
		ID, Main, Binary string
		Env              []string
		Goos, Goarch     []string
		Flags, Ldflags   []string
	}
	Archives []struct {
		Formats         []string
		FormatOverrides []struct {
			Goos    string
			Formats []string
		} `yaml:"format_overrides"`
		NameTemplate string `yaml:"name_template"`
		Files        []string
	}
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
	}
	SBOMs         []struct{ Artifacts string } `yaml:"sboms"`
	HomebrewCasks []struct {
		Binaries    []string
		Manpages    []string
		Completions map[string]string
		Repository  struct{ Owner, Name string }
	} `yaml:"homebrew_casks"`
	DockersV2 []struct {
		Images    []string
		Platforms []string
	} `yaml:"dockers_v2"`
}

func TestReleaseConfig(t *testing.T) {
	data, err := os.ReadFile(".goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c goreleaserConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Version != 2 || len(c.Builds) != 1 || len(c.Archives) != 1 {
		t.Fatalf("want a goreleaser v2 config with one build and one archive")
	}

	b := c.Builds[0]
	if !slices.Contains(b.Env, "CGO_ENABLED=0") {
		t.Error("builds: not static: env lacks CGO_ENABLED=0")
	}
	for _, want := range [][]string{{"darwin", "linux", "windows"}, {"amd64", "arm64"}} {
		got := b.Goos
		if want[0] == "amd64" {
			got = b.Goarch
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), want) {
			t.Errorf("builds: targets %v, want %v", got, want)
		}
	}

	a := c.Archives[0]
	overrides := map[string][]string{}
	for _, o := range a.FormatOverrides {
		overrides[o.Goos] = o.Formats
	}
	// action/install.sh downloads uritool_VERSION_OS_ARCH.tar.gz (.zip on
	// Windows) and checks it against checksums.txt.
	install, err := os.ReadFile("action/install.sh")
	if err != nil {
		t.Fatal(err)
	}
	for what, ok := range map[string]bool{
		"archive names as install.sh builds them": a.NameTemplate == "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}" &&
			strings.Contains(string(install), `name=uritool_${tag#v}_${os}_${arch}.$ext`),
		"tar.gz, and zip on windows": slices.Equal(a.Formats, []string{"tar.gz"}) && slices.Equal(overrides["windows"], []string{"zip"}) &&
			strings.Contains(string(install), `[ "$os" = windows ] && ext=zip`),
		"checksums.txt":           c.Checksum.NameTemplate == "checksums.txt" && strings.Contains(string(install), `/checksums.txt"`),
		"an SBOM of each archive": len(c.SBOMs) == 1 && c.SBOMs[0].Artifacts == "archive",
		"a container image for linux/amd64 and linux/arm64": len(c.DockersV2) == 1 &&
			slices.Equal(c.DockersV2[0].Platforms, []string{"linux/amd64", "linux/arm64"}),
	} {
		if !ok {
			t.Errorf(".goreleaser.yaml: not %s", what)
		}
	}

	// Each file the archives carry exists, and together they are the
	// license, the README, every man page and every completion script.
	var carried []string
	for _, glob := range a.Files {
		m, err := filepath.Glob(glob)
		if err != nil || len(m) == 0 {
			t.Errorf("archives: %q matches nothing", glob)
		}
		carried = append(carried, m...)
	}
	man, _ := filepath.Glob("man/*.1")
	completions, _ := filepath.Glob("completions/*")
	for _, want := range append(append([]string{"LICENSE", "README.md"}, man...), completions...) {
		if !slices.Contains(carried, want) {
			t.Errorf("archives do not carry %s", want)
		}
	}
	if len(man) < 10 || len(completions) != 4 {
		t.Errorf("%d man pages and %d completions: has go generate run?", len(man), len(completions))
	}

	// The cask installs every man page and completion from the archive.
	if len(c.HomebrewCasks) != 1 {
		t.Fatal("want one homebrew_casks entry")
	}
	cask := c.HomebrewCasks[0]
	if !slices.Equal(slices.Sorted(slices.Values(cask.Manpages)), man) {
		t.Errorf("homebrew_casks.manpages %v, want every man page: %v", cask.Manpages, man)
	}
	for shell, file := range cask.Completions {
		if !slices.Contains(carried, file) {
			t.Errorf("homebrew_casks.completions.%s: %s is not in the archive", shell, file)
		}
	}

	license, err := os.ReadFile("LICENSE")
	if err != nil || !strings.HasPrefix(string(license), "MIT License\n\nCopyright (c) 2026 The uritool authors\n") {
		t.Errorf("LICENSE is not the MIT license of the uritool authors: %v", err)
	}

	dockerfile, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^FROM (scratch|gcr\.io/distroless/static\S*)$`).Match(dockerfile) ||
		!strings.Contains(string(dockerfile), "COPY $TARGETPLATFORM/uritool ") {
		t.Errorf("Dockerfile: want FROM scratch or distroless/static, and the binary goreleaser built:\n%s", dockerfile)
	}
}

// TestReleaseVersion builds uritool with the release's flags, goreleaser's
// templates filled in, and checks that --version says what they set.
func TestReleaseVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	data, err := os.ReadFile(".goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c goreleaserConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	fill := strings.NewReplacer("{{ .Version }}", "9.9.9", "{{ .FullCommit }}", "0123456789abcdef0123456789abcdef01234567",
		"{{ .CommitDate }}", "2026-01-02T03:04:05Z")
	ldflags := fill.Replace(strings.Join(c.Builds[0].Ldflags, " "))
	if strings.Contains(ldflags, "{{") {
		t.Fatalf("ldflags use a template this test does not fill: %s", ldflags)
	}
	bin := filepath.Join(t.TempDir(), "uritool")
	args := append([]string{"build", "-o", bin, "-ldflags", ldflags}, c.Builds[0].Flags...)
	cmd := exec.Command("go", append(args, c.Builds[0].Main)...)
	cmd.Env = append(os.Environ(), c.Builds[0].Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	want := "uritool v9.9.9 (commit 0123456789abcdef0123456789abcdef01234567, 2026-01-02T03:04:05Z)\n"
	if err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("--version: %v\n%s\nwant it to start with %q", err, out, want)
	}
}
