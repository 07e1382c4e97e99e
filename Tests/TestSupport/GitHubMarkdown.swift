import Foundation

/// Markdown rendered as GitHub renders it, by `cmark-gfm` (``TestOracles/cmarkGFM``), for tests that
/// assert on what a reader sees (a table's cells, a heading) rather than on the Markdown's bytes.
///
/// Tests that call it carry the `.needsCmarkGFM` trait.
public enum GitHubMarkdown {
  /// The HTML `cmark-gfm` makes of `markdown` with GitHub's extensions (tables, task lists,
  /// autolinks, strikethrough); safe mode (raw HTML dropped) unless `unsafe`.
  public static func html(_ markdown: String, unsafe: Bool = false) throws -> String {
    try Program.run(
      URL(fileURLWithPath: TestOracles.cmarkGFM),
      ["-e", "table", "-e", "tasklist", "-e", "autolink", "-e", "strikethrough"]
        + (unsafe ? ["--unsafe"] : []),
      input: Data(markdown.utf8), mergingErrors: false
    ).output
  }

  /// The HTML of the section under `<h2>title</h2>` of `html`, up to the next `<h2>` (empty when
  /// there is no such section).
  public static func section(_ html: String, _ title: String) -> Substring {
    guard let start = html.range(of: "<h2>\(title)</h2>") else { return "" }
    let rest = html[start.upperBound...]
    return rest[..<(rest.range(of: "<h2>")?.lowerBound ?? rest.endIndex)]
  }

  /// The tables of `html` in order, each as its rows, each row the text of its cells (`<td>` or `<th>`,
  /// tags inside a cell removed, entities `&amp;`, `&lt;`, `&gt;` and `&quot;` decoded), header row first.
  public static func tables(_ html: Substring) -> [[[String]]] {
    html.components(separatedBy: "<table>").dropFirst().map { rest in
      var table = rest.components(separatedBy: "</table>")[0]
      for tag in ["<thead>", "</thead>", "<tbody>", "</tbody>"] {
        table = table.replacingOccurrences(of: tag, with: "")
      }
      return table.components(separatedBy: "</tr>").dropLast().map { row in
        // Each cell: from the `>` closing its `<td…>` or `<th…>` to its `</td>` or `</th>`.
        row.components(separatedBy: "</t").dropLast().map { cell in
          let opening =
            cell.range(of: "<td", options: .backwards) ?? cell.range(of: "<th", options: .backwards)
          let content =
            opening.map { cell[$0.upperBound...].drop { $0 != ">" }.dropFirst() } ?? Substring(cell)
          return plainText(content)
        }
      }
    }
  }

  /// The rows of the first table of `html` (``tables(_:)``), or none.
  public static func tableRows(_ html: Substring) -> [[String]] { tables(html).first ?? [] }

  /// The text of each list item (`<li>`) of `html`, in order, as ``plainText(_:)`` gives it.
  public static func listItems(_ html: Substring) -> [String] {
    html.components(separatedBy: "<li>").dropFirst().map { plainText($0.components(separatedBy: "</li>")[0]) }
  }

  /// `html` without its tags, the four entities cmark-gfm writes decoded.
  public static func plainText<S: StringProtocol>(_ html: S) -> String {
    var out = ""
    var inTag = false
    for character in html {
      if character == "<" {
        inTag = true
      } else if character == ">" && inTag {
        inTag = false
      } else if !inTag {
        out.append(character)
      }
    }
    return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
  }
}
