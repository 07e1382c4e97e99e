import Testing
import TextFormats

struct EscapingTests {
  @Test func `XML text escapes markup and drops the controls XML 1.0 forbids`() {
    #expect(Escaping.xmlText("a < b && c > d") == "a &lt; b &amp;&amp; c &gt; d")
    #expect(Escaping.xmlText("bell\u{07}nul\u{00}esc\u{1B}") == "bellnulesc")
    #expect(Escaping.xmlText("tab\tline\ncr\r") == "tab\tline\ncr\r")
    #expect(Escaping.xmlText("\u{FFFE}\u{FFFF}ok") == "ok")
    #expect(Escaping.xmlText("\"quotes' 张伟 𠮷") == "\"quotes' 张伟 𠮷")
    #expect(Escaping.xmlText("x\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}y") == "xy")
    #expect(Escaping.xmlText("a<b & \"c\" 'd'>") == "a&lt;b &amp; \"c\" 'd'&gt;")
  }

  @Test func `XML attributes also escape quotes and keep whitespace as references`() {
    #expect(Escaping.xmlAttribute("say \"hi\" & 'bye'") == "say &quot;hi&quot; &amp; &apos;bye&apos;")
    #expect(Escaping.xmlAttribute("a\nb\tc\rd") == "a&#10;b&#9;c&#13;d")
    #expect(Escaping.xmlAttribute("<x\u{0B}>") == "&lt;x&gt;")
    #expect(Escaping.xmlAttribute("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    #expect(Escaping.xmlAttribute("\u{FFFE}z\u{FFFF}\u{1F}") == "z")
    #expect(Escaping.svgText("A & <B>") == "A &amp; &lt;B&gt;")
  }

  @Test func `Markdown table cells escape pipes, code and line breaks`() {
    #expect(Escaping.markdownTableCell("a | b") == "a \\| b")
    #expect(Escaping.markdownTableCell("one\ntwo\r\nthree") == "one<br>two<br>three")
    #expect(Escaping.markdownTableCell("`code`") == "\\`code\\`")
    #expect(Escaping.markdownTableCell("*x* _y_") == "\\*x\\* \\_y\\_")
  }

  @Test func `Markdown cells that carry markup escape only pipes, backslashes and line breaks`() {
    #expect(Escaping.markdownTableCell(markup: "a|b\nc\\d") == "a\\|b<br>c\\\\d")
    #expect(Escaping.markdownTableCell(markup: "one\r\ntwo\rthree") == "one<br>two<br>three")
    #expect(Escaping.markdownTableCell(markup: "`code` *x*") == "`code` *x*")
  }

  @Test func `single-line text turns every line break into a space`() {
    #expect(Escaping.singleLine("Two\nlines") == "Two lines")
    #expect(Escaping.singleLine("iPhone\r\n16e\u{2028}x") == "iPhone 16e x")
    #expect(Escaping.singleLine("中文 ok") == "中文 ok")
  }

  @Test func `inline Markdown renders as written`() {
    #expect(Escaping.markdownInline("<script>alert(1)</script>") == "\\<script>alert(1)\\</script>")
    #expect(Escaping.markdownInline("[link](http://x)") == "\\[link\\](http://x)")
    #expect(Escaping.markdownInline("# not a heading") == "\\# not a heading")
    #expect(Escaping.markdownInline("- not a list") == "\\- not a list")
    #expect(Escaping.markdownInline("> not a quote") == "\\> not a quote")
    #expect(Escaping.markdownInline("1. not a list") == "1\\. not a list")
    #expect(Escaping.markdownInline("4.12.0 (812)") == "4.12.0 (812)")
    #expect(Escaping.markdownInline("a\nb") == "a b")
    #expect(Escaping.markdownInline("x\u{07}y &amp;") == "xy \\&amp;")
    #expect(Escaping.markdownInline("Settings > General") == "Settings > General")
  }

  @Test func `code spans are fenced past any backticks inside`() {
    #expect(Escaping.markdownCode("plain") == "`plain`")
    #expect(Escaping.markdownCode("a`b") == "``a`b``")
    #expect(Escaping.markdownCode("`x`") == "`` `x` ``")
    #expect(Escaping.markdownCode("a|b") == "`a\\|b`")
    #expect(Escaping.markdownCode("") == "` `")
  }

  @Test func `link destinations allow web and relative links only`() {
    #expect(Escaping.markdownLinkDestination("https://x.example/a b") == "<https://x.example/a%20b>")
    #expect(Escaping.markdownLinkDestination("recordings/m2.mov") == "<recordings/m2.mov>")
    #expect(Escaping.markdownLinkDestination("javascript:alert(1)") == nil)
    #expect(Escaping.markdownLinkDestination("JavaScript:alert(1)") == nil)
    #expect(Escaping.markdownLinkDestination("a>b") == "<a%3Eb>")
  }
}
