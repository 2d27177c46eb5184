package extract

import (
	"fmt"
	"strings"
	"testing"
)

// TestRST: each construct of reStructuredText, with the offsets and
// columns of its candidates ("LINE:COL:TEXT", COL in code points from 1).
func TestRST(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"prose", "See https://a.example/x. é https://b.example/", []string{"1:5:https://a.example/x", "1:28:https://b.example/"}},
		{"embedded absolute", "a `Docs <https://d.example/p>`_ b", []string{"1:10:https://d.example/p"}},
		{"embedded relative", "a `Guide <guide/install.rst>`_ and `x <../y.html>`__", []string{"1:11:rel guide/install.rst", "1:40:rel ../y.html"}},
		{"embedded name is no URL", "`a <name_>`_ `b <c d>`_", nil},
		{"target", ".. _guide: guide.html\n.. _`a: b`: ../c.rst\n.. _abs: https://t.example/", []string{"1:12:rel guide.html", "2:13:rel ../c.rst", "3:10:https://t.example/"}},
		{"label and indirect target", ".. _label:\n.. _other: label_", nil},
		{"anonymous targets", ".. __: a.html\n__ b.html", []string{"1:8:rel a.html", "2:4:rel b.html"}},
		{"image and figure", ".. image:: img/a.png\n   :alt: x\n  .. figure:: ../b.svg\n.. |logo| image:: logo.png", []string{"1:12:rel img/a.png", "3:15:rel ../b.svg", "4:19:rel logo.png"}},
		{"include", ".. include:: part.rst\n.. literalinclude:: ../x.py\n.. include:: <isonum.txt>", []string{"1:14:rel part.rst", "2:21:rel ../x.py"}},
		{"literal closed by a longer run", "``:doc:`x``` and :doc:`y/`", []string{"1:24:rel y.rst"}},
		{"image for any builder", ".. image:: a.*", nil},
		{"escaped angle bracket", "Adopt the new `\\<search\\>`_ element.", nil},
		{"rooted paths are Sphinx's source root", ".. image:: /img/a.png\n:doc:`/index`", []string{"1:12:rel /img/a.png", "2:7:rel /index.rst"}},
		{"doc role", "see :doc:`install` and :doc:`the guide <../guide/index>`.", []string{"1:11:rel install.rst", "1:41:rel ../guide/index.rst"}},
		{"ref role is no candidate", ":ref:`label` and :ref:`text <label>`", nil},
		{"inline literal", "``https://a.example/{x}`` and `https://b.example/`_", []string{"1:3:~https://a.example/{x}", "1:32:https://b.example/"}},
		{"literal in a link", "``<a.rst>`_``", nil},
		{"literal block", "Example::\n\n    https://x.example/{a}\n\n  still https://y.example/{b}\nhttps://z.example/", []string{"3:5:~https://x.example/{a}", "5:9:~https://y.example/{b}", "6:1:https://z.example/"}},
		{"expanded literal marker", "Text\n\n::\n\n  `x <a.rst>`_\n\nback `y <b.rst>`_", []string{"7:10:rel b.rst"}},
		{"code directive", ".. code-block:: console\n   :caption: https://cap.example/{x}\n\n   $ curl https://c.example/{x}\n\nhttps://after.example/", []string{"2:14:~https://cap.example/{x}", "4:11:~https://c.example/{x}", "6:1:https://after.example/"}},
		{"other directives are prose", ".. note::\n\n   See https://n.example/.", []string{"3:8:https://n.example/"}},
		{"comment", ".. a comment https://c.example/{x}\n   going on `a <b.rst>`_\n\nhttps://d.example/\n..\n   https://e.example/{x}", []string{"4:1:https://d.example/"}},
		{"markers in comments", ".. uritool-disable-next-line\nhttps://a.example/{x}\nhttps://b.example/ .. uritool-disable-line host", []string{"2:1:~https://a.example/{x}", "3:1:~host https://b.example/"}},
		{"literal blocks are code", "x::\n\n    https://a.example/", []string{"3:5:~https://a.example/"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := columnsOf(Options{Type: RST}, c.text)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// columnsOf describes each candidate of text as "LINE:COL:TEXT", COL in
// code points from 1, with "~" (and rules) when suppressed and "rel "
// when relative.
func columnsOf(opts Options, text string) []string {
	var out []string
	e := New(opts)
	for i, line := range strings.Split(text, "\n") {
		for _, f := range e.Line(nil, line) {
			s := f.Text
			if f.Relative {
				s = "rel " + s
			}
			switch {
			case f.Suppress.All:
				s = "~" + s
			case len(f.Suppress.Rules) > 0:
				s = "~" + strings.Join(f.Suppress.Rules, ",") + " " + s
			}
			out = append(out, fmt.Sprintf("%d:%d:%s", i+1, f.Runes+1, s))
		}
	}
	return out
}
