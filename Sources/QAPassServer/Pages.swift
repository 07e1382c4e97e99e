import Observations
import QAModel
import QAPassWorkflow
import Reporting
import TextFormats

/// The served pages: views of the models the command line writes (the report, the ingest), every text
/// escaped, no inline script or style (the CSP allows only this server's `/assets/`).
///
/// Each page carries the revision it was made from; `/assets/live.js` polls `/api/version` every
/// second and reloads the page when the pass changed, whoever changed it.
enum Pages {
  static func html(_ text: String) -> String { Escaping.xmlText(text) }
  static func attribute(_ text: String) -> String { Escaping.xmlAttribute(text) }

  /// A whole page around `body`.
  static func page(title: String, revision: String, body: String) -> String {
    document(
      title: title, asset: "style.css", scripts: ["live.js", "decisions.js"],
      attributes: [("data-revision", revision)],
      body: "<main>\n\(body)\n</main>\n")
  }

  /// An HTML document: its head names the style sheet `asset` and the scripts `scripts` of `/assets/`;
  /// its body has `attributes` and starts with the navigation.
  static func document(
    title: String, asset: String, scripts: [String], attributes: [(String, String)], body: String
  ) -> String {
    let scripts = scripts.map { "<script src=\"/assets/\($0)\" defer></script>\n" }.joined()
    let attributes = attributes.map { " \($0.0)=\"\(attribute($0.1))\"" }.joined()
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(html(title))</title>
      <link rel="icon" href="data:,">
      <link rel="stylesheet" href="/assets/\(asset)">
      \(scripts)</head>
      <body\(attributes)>
      <nav><a href="/">Dashboard</a> · <a href="/report">Report</a> · <a href="/openapi.json">API</a>\
       <span id="live" class="live"></span></nav>
      \(body)</body>
      </html>

      """
  }

  /// A table with a header row; cells are HTML already.
  static func table(_ header: [String], _ rows: [[String]], id: String? = nil) -> String {
    var out = "<table\(id.map { " id=\"\(attribute($0))\"" } ?? "")><thead><tr>"
    out += header.map { "<th>\(html($0))</th>" }.joined() + "</tr></thead><tbody>\n"
    for row in rows { out += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
    return out + "</tbody></table>\n"
  }

  static func itemLink(_ id: ItemID) -> String {
    "<a href=\"/items/\(attribute(percentEncoded(id.rawValue)))\"><code>\(html(id.rawValue))</code></a>"
  }

  /// A link to a session's served checklist.
  static func sessionLink(_ session: String) -> String {
    "<a href=\"/sessions/\(attribute(percentEncoded(session)))\"><code>\(html(session))</code></a>"
  }

  /// `text` with every byte outside the unreserved set of RFC 3986 percent-encoded, for a path segment.
  static func percentEncoded(_ text: String) -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var out = String.UnicodeScalarView()
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        out.append(Unicode.Scalar(byte))
      } else {
        out.append(contentsOf: ["%", digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
      }
    }
    return String(out)
  }

  static func progress(_ done: Int, _ total: Int) -> String {
    "\(done) of \(total) <progress value=\"\(done)\" max=\"\(max(total, 1))\"></progress>"
  }

  /// The dashboard: the verdict and its reasons, progress by session, tester, check and input method,
  /// blocked items with their reasons, failures and the latest observations.
  static func dashboard(_ standing: Workflow.Standing, revision: String) -> String {
    let report = standing.report
    var body =
      "<h1>\(html(report.planName)) <span class=\"build\">build \(html(report.build ?? "none"))</span></h1>\n"
    body +=
      "<p id=\"verdict\" class=\"verdict \(report.verdict.rawValue.lowercased())\">\(html(report.verdict.rawValue))</p>\n"
    body += "<ul id=\"reasons\">" + report.reasons.map { "<li>\(html($0))</li>" }.joined() + "</ul>\n"

    body += "<h2>Progress by session</h2>\n"
    body += table(
      ["Session", "Done", "Counts"],
      report.sessions.map { session in
        [
          sessionLink(session.session.description), progress(session.done, session.total),
          html(session.counts.summary),
        ]
      }, id: "sessions")
    body += "<h2>Progress by tester</h2>\n"
    body += table(
      ["Tester", "Done", "Counts"],
      report.testers.map { tester in
        [html(tester.tester), "\(tester.done)", html(tester.counts.summary)]
      }, id: "testers")
    body += "<h2>Progress by check</h2>\n"
    body += table(
      ["Check", "Manual", "Automated"],
      report.checks.map { check in
        [
          "<code>\(html(check.id.rawValue))</code> \(html(check.title))",
          progress(check.manual.results, check.manual.total), html(check.automated.summary),
        ]
      }, id: "checks")
    var byMethod: [String: OutcomeCounts] = [:]
    // By index: each outcome is read where it is, not copied out of the ingest.
    let outcomes = standing.ingest.items
    for index in outcomes.indices {
      byMethod[outcomes[index].item.inputMethod?.rawValue ?? "haptics and others", default: OutcomeCounts()]
        .add(outcomes[index].status)
    }
    body += "<h2>Progress by input method</h2>\n"
    body += table(
      ["Input method", "Done", "Counts"],
      byMethod.keys.sorted().map { method in
        let counts = byMethod[method] ?? OutcomeCounts()
        return ["<code>\(html(method))</code>", progress(counts.results, counts.total), html(counts.summary)]
      }, id: "input-methods")

    let blocked = report.blocked
    body += "<h2>Blocked (\(blocked.count))</h2>\n"
    body += table(["Item", "Reason"], blocked.map { [itemLink($0.id), html($0.reason)] }, id: "blocked")
    let failing = standing.ingest.items.filter { $0.status == .fail }
    body += "<h2>Failures (\(failing.count))</h2>\n"
    body += table(
      ["Item", "Tester", "Note"],
      failing.map { outcome in
        [
          itemLink(outcome.item.id), html(outcome.deciding?.observation.tester ?? ""),
          html(outcome.deciding?.observation.note ?? ""),
        ]
      }, id: "failures")
    let recent = latest(15, of: standing.ingest)
    body += "<h2>Recent activity</h2>\n"
    body += table(
      ["Time", "Tester", "Result", "Item", "Source"],
      recent.map { id, recorded in
        let observation = recorded.observation
        return [
          html(observation.time?.text ?? "no time"), html(observation.tester),
          html(observation.result.rawValue),
          itemLink(id), html("\(recorded.path):\(recorded.location.line)"),
        ]
      }, id: "activity")
    body += carryForm(standing)
    return page(title: "\(report.planName): \(report.verdict.rawValue)", revision: revision, body: body)
  }

  /// The `count` latest observations, latest first (by time, then path and position, as text), each
  /// with its item: the first `count` of every observation so sorted, without sorting them all.
  ///
  /// - Complexity: O(*n* · `count`) for *n* observations, and O(*n*) when few are recent.
  static func latest(_ count: Int, of ingest: IngestResult) -> [(ItemID, RecordedObservation)] {
    func isLater(_ a: RecordedObservation, _ b: RecordedObservation) -> Bool {
      (a.observation.time?.text ?? "", a.path, a.position) > (
        b.observation.time?.text ?? "", b.path, b.position
      )
    }
    var latest: [(ItemID, RecordedObservation)] = []
    // By index: an observation is copied only when it is among the latest.
    let outcomes = ingest.items
    for index in outcomes.indices {
      for place in outcomes[index].observations.indices {
        if latest.count == count, let last = latest.last,
          !isLater(outcomes[index].observations[place], last.1)
        {
          continue
        }
        let at = latest.firstIndex { isLater(outcomes[index].observations[place], $0.1) } ?? latest.count
        latest.insert((outcomes[index].item.id, outcomes[index].observations[place]), at: at)
        if latest.count > count { latest.removeLast() }
      }
    }
    return latest
  }

  /// One item's history: every observation, its source, build, keyboard, tester and evidence.
  static func history(_ outcome: ItemOutcome, report: AcceptanceReport, revision: String) -> String {
    let item = outcome.item
    var body = "<h1><code>\(html(item.id.rawValue))</code></h1>\n<p>\(html(item.title))</p>\n"
    body += "<p>Status: <strong id=\"status\">\(html(outcome.status.rawValue))</strong>"
    body += item.keyboard.map { " · keyboard <code>\(html($0))</code>" } ?? ""
    body += "</p>\n"
    body += table(
      ["Time", "Result", "Tester", "Build", "Keyboard", "OS", "Note", "Evidence", "Source", "Stale"],
      outcome.observations.map { recorded in
        let observation = recorded.observation
        return [
          html(observation.time?.text ?? "no time"), html(observation.result.rawValue),
          html(observation.tester),
          html(observation.build ?? ""), html(observation.keyboard ?? ""), html(observation.os),
          html(observation.note ?? ""),
          observation.evidence.map { link in
            link.hasPrefix("https://") || link.hasPrefix("http://")
              ? "<a href=\"\(attribute(link))\" rel=\"noreferrer noopener\">\(html(link))</a>" : html(link)
          }.joined(separator: "<br>"),
          html("\(recorded.path):\(recorded.location.line)"),
          html(recorded.staleReasons.map(\.description).joined(separator: "; ")),
        ]
      }, id: "history")
    body += decisions(outcome, report: report)
    return page(title: item.id.rawValue, revision: revision, body: body)
  }

  /// The report page: report.md as the Markdown writer writes it, and its coverage pictures.
  static func report(_ report: AcceptanceReport, revision: String) -> String {
    let files = MarkdownReportWriter().write(report)
    var body = "<h1>Acceptance report</h1>\n"
    for file in files where file.path.hasSuffix(".svg") {
      body += "<img src=\"/report/\(attribute(file.path))\" alt=\"\(attribute(file.path))\">\n"
    }
    let markdown = files.first { $0.path == "report.md" }?.contents ?? ""
    body += "<pre id=\"report\">\(html(markdown))</pre>\n"
    return page(title: "Acceptance report", revision: revision, body: body)
  }

  /// Polls `/api/version` every second; reloads the page when the revision changes, unless a decision
  /// form holds typed text.
  static let liveScript = """
    (function () {
      "use strict";
      var shown = document.body.getAttribute("data-revision");
      var live = document.getElementById("live");
      function poll() {
        fetch("/api/version", { cache: "no-store", credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.json() : null; })
          .then(function (version) {
            var editing = document.querySelector("form.decision[data-editing]") !== null;
            if (version && version.revision !== shown && !editing) { location.reload(); return; }
            live.textContent = !version ? "offline" : version.revision !== shown ? "changed: reload when done" : "live";
            setTimeout(poll, 1000);
          })
          .catch(function () { live.textContent = "offline"; setTimeout(poll, 2000); });
      }
      setTimeout(poll, 1000);
    })();

    """

  static let style = """
    *{box-sizing:border-box}
    body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#111;background:#fafafa}
    nav{background:#fff;border-bottom:1px solid #ccc;padding:.6rem 1rem}
    nav .live{float:right;color:#1b6e35;font-size:.85rem}
    main{max-width:60em;margin:0 auto;padding:0 1rem 3rem}
    h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.6rem}
    .build{font-weight:400;color:#444;font-size:1rem}
    .verdict{display:inline-block;font-weight:700;padding:.3rem .8rem;border-radius:6px;color:#fff}
    .verdict.accepted{background:#1b6e35}.verdict.rejected{background:#b00020}.verdict.incomplete{background:#8a4b00}
    table{border-collapse:collapse;width:100%;font-size:.92rem}
    th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-top:1px solid #ddd;overflow-wrap:anywhere}
    code{font-size:.88em;background:#eee;border-radius:3px;padding:0 .2em}
    pre{white-space:pre-wrap;background:#fff;border:1px solid #ccc;padding:1rem;font-size:.85rem}
    img{max-width:100%}

    """
}
