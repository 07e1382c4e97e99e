import Observations
import QAModel
import TextFormats
import YAMLDecoding

/// Writes a device session's checklist as one self-contained HTML page, `<device>.<os>.html`, that
/// works offline on a laptop, tablet or phone beside the device: everything the Markdown checklist
/// says, and a form per item whose answers are saved as an observation file.
///
/// The page shows the same facts as ``ChecklistMarkdownWriter`` from the same ``Checklist``: the
/// header table, the notes, "Before you start", each keyboard's identifier and "switch to it now"
/// line, the confirmation pattern, and per item its number, id, steps, expected results and what to
/// record. Per item the tester picks a result (the recordable outcomes), a note (a blocked item needs
/// its reason) and an evidence link; once per page the tester (from the `testers:` catalog when the
/// matrix has one), the exact OS version (checked against the session's OS as ingest checks it) and
/// the build.
///
/// Answers are kept in the browser's `localStorage` per session and item id, so a reload, a
/// regenerated checklist or a re-planned one (items added, removed, renumbered) loses nothing; an answer
/// given for an earlier text of an item is shown as such and saved with that text's version, so ingest
/// marks it stale rather than counting it. Each answer also keeps the build it was given under (the
/// page's build when its result was chosen) and is saved with it: after the build under test is bumped
/// and the page regenerated, an earlier answer is shown as given under the earlier build and saved with
/// it, so ingest marks it stale, never stamped with the new build. A bar fixed at the bottom of the screen holds the progress
/// ("n of m done"), a jump to the next open item and "Save observations", which downloads a YAML
/// file in the sheets' schema (every string double-quoted) for `observations/`. Items answered before
/// the page was opened start folded to their result.
///
/// The page's script knows no schema key and no outcome spelling: the page's data (a JSON script
/// element) gives it the schema's keys (``ObservationSchema/answerKeys``), each item's fresh sheet
/// entry (``ObservationSchema/freshEntry(for:)``) and the outcomes (`Outcome.recordable`).
package struct ChecklistHTMLWriter: ArtefactWriter {
  package static let identifier = "html"
  package static let description = "<device>.<os>.html: the checklist as a page that works offline"

  /// Creates the writer.
  package init() {}

  package func write(_ checklist: Checklist) -> [OutputFile] {
    [OutputFile(path: checklist.htmlFileName, contents: Self.page(checklist))]
  }

  static func html(_ text: String) -> String { Escaping.xmlText(text) }
  static func attribute(_ text: String) -> String { Escaping.xmlAttribute(text) }
  static func code(_ text: String) -> String { "<code>\(html(text))</code>" }

  /// The whole page.
  static func page(_ checklist: Checklist) -> String {
    let items = checklist.items
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(html(checklist.title))</title>
      <style>\(style)</style>
      </head>
      <body>
      <header>
      <h1>\(html(checklist.title))</h1>
      <p class="sub">Build under test \(html(checklist.buildText)) · plan fingerprint \(code(checklist.planFingerprint))</p>

      """
    out += facts(checklist)
    out += context(checklist)
    out += """
      <p class="hint">Answers stay in this browser, item by item, until you save them, also when the
      checklist is regenerated or re-planned. Put the saved file in <code>observations/</code>;
      <code>qapass pass</code> reads it like a sheet.</p>
      </header>
      <main>

      """
    out += content(checklist)
    out += """
      </main>
      <footer class="bar" id="bar">
      <div class="progress"><progress id="progress" max="\(items.count)" value="0"></progress>
      <span id="done">0 of \(items.count) done</span></div>
      <div class="actions"><button type="button" id="next">Next open item</button>
      <button type="button" id="save" class="primary">Save observations</button></div>
      <p id="status" role="status"></p>
      </footer>
      <pre id="output" hidden></pre>
      <script type="application/json" id="qapass-data">\(data(checklist))</script>
      <script>\(script)</script>
      </body>
      </html>

      """
    return out
  }

  /// What a served page shows of an item's recorded results: the result its form starts at and a line
  /// saying who recorded what.
  package struct Recorded: Hashable, Sendable {
    /// The result chosen on the form, or `nil` for none (no current result).
    package var result: Outcome?
    /// The line shown under the item's heading (`pass by mei at … under build …`), plain text.
    package var line: String

    /// Creates one.
    package init(result: Outcome?, line: String) {
      self.result = result
      self.line = line
    }
  }

  /// The body of the checklist between its header and its bar: the notes, "Before you start", then
  /// every section with its items and their forms; the offline page and the served one both show it.
  ///
  /// - Parameters:
  ///   - checklist: The checklist.
  ///   - results: The results each item's form offers.
  ///   - recorded: What a served page shows of the results recorded so far (none offline).
  /// - Returns: HTML.
  package static func content(
    _ checklist: Checklist, results: [Outcome] = Outcome.recordable, recorded: [ItemID: Recorded]? = nil
  ) -> String {
    var out = ""
    for note in checklist.notes { out += "<p class=\"note\"><strong>Note:</strong> \(html(note))</p>\n" }
    out += "<section class=\"before\">\n<h2>Before you start</h2>\n" + checks(checklist.beforeYouStart)
    out += "</section>\n"
    for section in checklist.sections {
      switch section.kind {
      case .keyboard(let method, let label, let identifier):
        out += "<h2>\(html(label)) (\(code(method.rawValue)))</h2>\n"
        if let identifier { out += "<p class=\"keyboard\">Keyboard identifier: \(code(identifier))</p>\n" }
      case .haptics(let pattern, let parameters):
        out += "<h2>Haptics</h2>\n"
        if let pattern {
          out += "<p class=\"pattern\">Confirmation pattern \(code(pattern)): "
          out += parameters.map(code).joined(separator: ", ") + "</p>\n"
        }
      case .other:
        out += "<h2>\(html(section.title))</h2>\n"
      }
      if !section.preconditions.isEmpty { out += checks(section.preconditions, className: "checks switch") }
      for item in section.items {
        self.item(
          item, results: results, recorded: recorded.map { $0[item.id] ?? Recorded(result: nil, line: "") },
          to: &out)
      }
    }
    return out
  }

  /// The header table, as the Markdown checklist's.
  package static func facts(_ checklist: Checklist) -> String {
    let session = checklist.session
    let counts = checklist.itemCounts
    var rows: [(String, String)] = [
      ("Session", code(session.description)),
      (
        "Device",
        "\(html(checklist.deviceName)) (\(code(session.device.rawValue))), \(html(checklist.deviceKind))"
      ),
      ("OS", "iOS " + html(session.os)),
      ("Build under test", html(checklist.buildText)),
      ("Plan", html(checklist.planName)),
      ("Items", "\(counts.keyboard) keyboard, \(counts.haptic) haptic"),
    ]
    if let assignment = checklist.assignment {
      let zone = assignment.timeZone.map { " (\($0))" } ?? ""
      rows.append(("Assigned to", html((assignment.tester ?? "nobody holds this device") + zone)))
    }
    let example = checklist.recordCommand
    rows.append(
      (
        "Record",
        "\(code(checklist.walkCommand)) walks the untested items; \(code(example.command)) "
          + html(checklist.recordCommandSentence)
      ))
    var out = "<table class=\"facts\">\n"
    for (name, value) in rows { out += "<tr><th scope=\"row\">\(name)</th><td>\(value)</td></tr>\n" }
    return out + "</table>\n"
  }

  /// The tester, exact OS and build, given once for every answer; a served page's build is the one it
  /// was made under, not a field (`buildField` false).
  package static func context(_ checklist: Checklist, buildField: Bool = true) -> String {
    var out = "<fieldset class=\"context\"><legend>Tester, date, exact OS</legend>\n<div class=\"fields\">\n"
    if checklist.testers.isEmpty {
      out += "<label>Tester <input id=\"tester\" autocomplete=\"name\" placeholder=\"your name\"></label>\n"
    } else {
      out += "<label>Tester <select id=\"tester\"><option value=\"\">choose…</option>\n"
      for tester in checklist.testers {
        out += "<option value=\"\(attribute(tester))\">\(html(tester))</option>\n"
      }
      out += "</select></label>\n"
    }
    let example = OSVersion.exampleRelease(of: checklist.session.os)
    out += """
      <label>Exact OS <input id="os" inputmode="decimal" autocomplete="off" spellcheck="false" \
      placeholder="such as \(attribute(example))"></label>

      """
    out +=
      buildField
      ? """
      <label>Build <input id="build" autocomplete="off" spellcheck="false" \
      value="\(attribute(checklist.build ?? ""))"></label>

      """ : "<p class=\"build\">Build <strong id=\"build\">\(html(checklist.buildText))</strong></p>\n"
    out += """
      </div>
      <p class="hint" id="tester-note">The exact OS is in Settings &gt; General &gt; About; each answer \
      is dated when you choose its result.</p>
      </fieldset>

      """
    return out
  }

  /// A list of lines to tick.
  static func checks(_ lines: [String], className: String = "checks") -> String {
    var out = "<ul class=\"\(className)\">\n"
    for line in lines { out += "<li><label><input type=\"checkbox\"> \(html(line))</label></li>\n" }
    return out + "</ul>\n"
  }

  /// One item, appended to `out`: what the Markdown says, then its form.
  ///
  /// Offline (`recorded` is `nil`) its form starts at untested; served, at the result recorded, with
  /// the line saying who recorded it, and folded when it has a result.
  static func item(
    _ item: Checklist.Item, results: [Outcome], recorded: Recorded? = nil, to out: inout String
  ) {
    let n = item.number
    let answered = recorded?.result.map { $0.isResult } ?? false
    out += "<section class=\"item\(answered ? " answered folded" : "")\" id=\"item-\(n)\" "
    out += "data-item=\"\(attribute(item.id.rawValue))\">\n"
    out += "<h3>\(n). \(html(item.heading))</h3>\n"
    out += "<p class=\"id\">Item \(code(item.id.rawValue))</p>\n"
    if let recorded {
      out += "<p class=\"recorded\" id=\"recorded-\(n)\" role=\"status\">\(html(recorded.line))</p>\n"
    }
    out += "<button type=\"button\" class=\"unfold\">Show steps and expectations</button>\n"
    out += "<div class=\"body\">\n"
    if !item.steps.isEmpty {
      out += "<h4>Steps</h4>\n<ol>\n"
      for step in item.steps { out += "<li>\(html(step))</li>\n" }
      out += "</ol>\n"
    }
    if !item.expected.isEmpty {
      out += "<h4>Expected</h4>\n<ul>\n"
      for line in item.expected { out += "<li>\(html(line))</li>\n" }
      out += "</ul>\n"
    }
    if !item.record.isEmpty {
      out += "<h4>Record</h4>\n<ul class=\"record\">\n"
      for line in item.record { out += "<li>\(html(line))</li>\n" }
      out += "</ul>\n"
    }
    out += "</div>\n<fieldset class=\"result\"><legend>Result</legend>\n"
    for result in results {
      let value = result.rawValue
      let checked = result == (recorded == nil ? .untested : recorded?.result) ? " checked" : ""
      out +=
        "<label class=\"r-\(value)\"><input type=\"radio\" name=\"result-\(n)\" value=\"\(value)\"\(checked)>"
        + " \(value)</label>\n"
    }
    out += "</fieldset>\n<div class=\"more\">\n"
    out += "<label>Note (for \(Outcome.blocked): the reason, required) "
    out += "<textarea name=\"note-\(n)\" rows=\"2\"></textarea></label>\n"
    out += "<label>Evidence link <input type=\"url\" inputmode=\"url\" name=\"evidence-\(n)\"></label>\n"
    out += "</div>\n<p class=\"problem\" id=\"problem-\(n)\" role=\"alert\"></p>\n</section>\n"
  }

  /// The page's data: the session, the schema's keys, the outcomes and each item's fresh sheet entry,
  /// as JSON with every `<` escaped, so no text can close the script element.
  static func data(_ checklist: Checklist) -> String {
    let keys = ObservationSchema.answerKeys
    let items: [JSONValue] = checklist.items.compactMap { item in
      guard let observable = item.observable else { return nil }
      return .object([
        ("n", .int(item.number)), ("id", .string(item.id.rawValue)),
        // What makes an answer current, as a sheet decides it: the text version, the haptic pattern
        // and the keyboard.
        (
          "revision",
          .string(
            [String(observable.textVersion), observable.hapticFingerprint ?? "", observable.keyboard ?? ""]
              .joined(separator: " "))
        ),
        // Answers kept under the ids the item had before a rename the matrix declares.
        ("former", .strings(observable.formerIDs.map(\.rawValue))),
        ("entry", json(ObservationSchema.freshEntry(for: observable), pairs: true)),
      ])
    }
    let document = JSONValue.object([
      ("session", .string(checklist.session.description)), ("plan", .string(checklist.planFingerprint)),
      ("build", .optional(checklist.build)), ("assignee", .optional(checklist.assignment?.tester ?? nil)),
      ("testers", .strings(checklist.testers)),
      (
        "os",
        .object([
          ("planned", .string(checklist.session.os)),
          ("pattern", .string(OSVersion.releasePattern(for: checklist.session.os))),
          ("example", .string(OSVersion.exampleRelease(of: checklist.session.os))),
        ])
      ),
      (
        "schema",
        .object([
          ("version", .int(ObservationSchema.version)),
          (
            "keys",
            .object([
              ("version", .string(keys.version)), ("observations", .string(keys.observations)),
              ("result", .string(keys.result)), ("tester", .string(keys.tester)),
              ("time", .string(keys.time)),
              ("os", .string(keys.os)), ("build", .string(keys.build)), ("note", .string(keys.note)),
              ("evidence", .string(keys.evidence)),
            ])
          ),
        ])
      ),
      (
        "outcomes",
        .object([
          ("results", .strings(checklist.results.map(\.rawValue))),
          ("none", .string(Outcome.untested.rawValue)), ("needs_reason", .string(Outcome.blocked.rawValue)),
          // Saved also when a re-plan took its item off the page, as a regenerated sheet keeps it.
          ("kept_when_gone", .string(Outcome.fail.rawValue)),
        ])
      ),
      ("items", .array(items)),
    ])
    var text = document.rendered(trailingNewline: false)
    // Most pages' data holds no `<`, and needs no search for one (the bytes are scanned in place:
    // a page's data is hundreds of kilobytes).
    guard text.withUTF8({ $0.contains(UInt8(ascii: "<")) }) else { return text }
    return text.replacingOccurrences(of: "<", with: "\\u003c")
  }

  /// A sheet entry as JSON: a plain whole number as a number, a blank as `null`, any other scalar as a
  /// string; with `pairs`, the top mapping as a list of `[key, value]` pairs, so its order is kept.
  static func json(_ node: Node, pairs: Bool = false) -> JSONValue {
    switch node.content {
    case .scalar(let scalar):
      if scalar.style == .plain, scalar.text.isEmpty { return .null }
      if scalar.style == .plain, let number = node.integer { return .int(number) }
      return .string(scalar.text)
    case .sequence(let items):
      return .array(items.map { json($0) })
    case .mapping(let members):
      let converted = members.map { ($0.key.scalar?.text ?? "", json($0.value)) }
      return pairs ? .array(converted.map { .array([.string($0.0), $0.1]) }) : .object(converted)
    }
  }
}
