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

  /// Issue 32: each of these came out as `<javascript:…>`, which cmark-gfm renders as a live link.
  static let linkBypasses = [
    "javascript&#58;alert(1)", "javascript&#x3A;alert(1)", "javascript&colon;alert(1)",
    "&#x6A;avascript:alert(1)", "\tjavascript:alert(1)", "\u{0B}javascript:alert(1)",
    "java\u{01}script:alert(1)", "java\nscript:alert(1)", "javascript:\nalert(1)", "\njavascript:alert(1)",
    " javascript:alert(1)", "java&Tab;script:alert(1)", "javascript\\:alert(1)", "java%09script:alert(1)",
    "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd", ":x", "https://x\u{85}y",
    "recordings/a\u{2028}b", "",
  ]

  @Test(arguments: linkBypasses)
  func `a link outside the allowed schemes is refused, after character references are decoded`(target: String)
  {
    #expect(!Escaping.isAllowedLink(target))
    #expect(Escaping.markdownLinkDestination(target) == nil)
  }

  @Test func `web, mail and relative links are allowed, and come out as written`() {
    for target in [
      "https://x.example/a", "HTTP://x.example", "mailto:qa@x.example", "recordings/m2.mov", "./a:b",
      "a/b:c", "#failures", "?q=a:b", "report.md",
    ] {
      #expect(Escaping.isAllowedLink(target), "\(target)")
    }
    // `&` is written as a reference, so a renderer's link holds `&` and no reference is decoded.
    #expect(
      Escaping.markdownLinkDestination("https://x.example/?a=1&b=2") == "<https://x.example/?a=1&amp;b=2>")
    #expect(Escaping.markdownLinkDestination("a/b&#58;c") == "<a/b&amp;#58;c>")
  }

  @Test func `character references decode as a Markdown renderer decodes them`() {
    #expect(Escaping.decodingCharacterReferences("a&#58;b&#x3a;c&colon;d") == "a:b:c:d")
    #expect(
      Escaping.decodingCharacterReferences("&#0;&#xD800;&#99999999;&unknown;&amp")
        == "\u{FFFD}\u{FFFD}&#99999999;&unknown;&amp")
    #expect(Escaping.decodingCharacterReferences("&Tab;&NewLine;&fjlig;") == "\t\nfj")
  }

  @Test func `shell words are quoted once, control characters as ANSI-C escapes on one line`() {
    #expect(
      Escaping.shellWord("zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
        == "'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic'")
    #expect(Escaping.shellWord("it's") == #"'it'\''s'"#)
    #expect(Escaping.shellWord("-bool") == "-bool")
    #expect(Escaping.shellWord("") == "''")
    #expect(Escaping.shellWord("en\ntouch /tmp/x") == #"$'en\x0Atouch /tmp/x'"#)
    #expect(Escaping.shellWord("a'\\\u{1B}]0;t\u{07}") == #"$'a\'\\\x1B]0;t\x07'"#)
    #expect(Escaping.shellWord("x\u{85}y") == #"$'x\xC2\x85y'"#)
  }

  @Test func `a shell comment stays one line whatever its text holds`() {
    #expect(Escaping.shellComment("set 'en\ntouch x'") == #"# set 'en\u{A}touch x'"#)
    #expect(Escaping.shellComment("a\r\u{2028}b\u{0B}c") == #"# a\u{D}\u{2028}b\u{B}c"#)
  }

  @Test func `terminal text shows every control character but tab and line feed`() {
    #expect(Escaping.terminalText("plan: \u{1B}]0;owned\u{07}x") == #"plan: \u{1B}]0;owned\u{7}x"#)
    #expect(Escaping.terminalText("a\tb\nc — 中文") == "a\tb\nc — 中文")
    #expect(Escaping.terminalText("\u{9B}31m\u{7F}\r") == #"\u{9B}31m\u{7F}\u{D}"#)
    #expect(Escaping.terminalLine("a\nb") == #"a\u{A}b"#)
  }
}
