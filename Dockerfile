# The release image (goreleaser dockers_v2): the binary goreleaser built for
# the platform, on distroless/static, as a non-root user. uritool needs no
# libc, shell or CA certificates.
#   docker run --rm -v "$PWD:/src" -w /src ghcr.io/uritool/uritool lint --extract .
FROM gcr.io/distroless/static-debian12:nonroot
ARG TARGETPLATFORM
COPY $TARGETPLATFORM/uritool /usr/bin/uritool
ENTRYPOINT ["/usr/bin/uritool"]
