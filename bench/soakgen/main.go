// Command soakgen writes real URLs, the shared pool over and over, until
// it has written the number of bytes it is given, and then the number of
// lines it wrote on stderr: input for a soak run that is never stored.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: soakgen POOL.gz BYTES")
		os.Exit(2)
	}
	limit, err := strconv.ParseInt(os.Args[2], 10, 64)
	if err != nil || limit <= 0 {
		fmt.Fprintln(os.Stderr, "soakgen: BYTES must be a positive count")
		os.Exit(2)
	}
	pool, err := readPool(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "soakgen:", err)
		os.Exit(3)
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	var written, lines int64
	for written < limit {
		chunk := pool
		if rest := limit - written; int64(len(chunk)) > rest {
			// Whole lines only: cut after the last newline that fits.
			chunk = chunk[:bytes.LastIndexByte(chunk[:rest], '\n')+1]
			if len(chunk) == 0 {
				break
			}
		}
		if _, err := w.Write(chunk); err != nil {
			fmt.Fprintln(os.Stderr, "soakgen:", err)
			os.Exit(3)
		}
		written += int64(len(chunk))
		lines += int64(bytes.Count(chunk, []byte{'\n'}))
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "soakgen:", err)
		os.Exit(3)
	}
	fmt.Fprintln(os.Stderr, lines)
}

// readPool reads the gzipped pool, ending it with a newline.
func readPool(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	return data, nil
}
