import Observations
import QAModel
import ScenarioEngine
import TextFormats

/// The HTML checklist of one device session: a single self-contained file (no external resources) that
/// works offline on a laptop or tablet next to the device.
///
/// It shows the same numbered items as the Markdown checklist, with their steps and expectations, and a
/// form per item: pass, fail, blocked (a reason is required) or skipped, a note and an evidence link.
/// The tester's name (first the session's assignee) and the answers are kept in the browser's
/// `localStorage`, so a reload loses nothing.
/// "Save observation file" downloads a YAML observation file in the sheets' schema (every value
/// double-quoted, so any note survives) that `qapass pass` ingests from `observations/` with the same
/// validation as a sheet.
///
/// ```swift
/// try AtomicFile.write(checklist.html, to: "checklists/iphone-16e.26.x.html")
/// ```
enum ChecklistHTML {
  /// The page for `session`, whose items are `items` in checklist order (numbered from 1).
  static func render(
    session: SessionID, items: [PlanItem], observables: [ItemID: ObservableItem], plan: Plan,
    deviceName: String, assignee: String?, keyboardLabels: [String: String], heading: (PlanItem) -> String
  ) -> String {
    let title = "Checklist: \(deviceName), iOS \(session.os)"
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(html(title))</title>
      <style>\(style)</style>
      </head>
      <body>
      <header>
      <h1>\(html(title))</h1>
      <p>Session <code>\(html(session.description))</code> · build \(html(plan.build ?? "not named by the matrix")) · plan
      <code>\(html(String(plan.fingerprint.prefix(19))))</code>\(assignee.map { " · assigned to " + html($0) } ?? "")</p>
      <p><label>Tester <input id="tester" autocomplete="name" placeholder="your name"></label>
      <button type="button" id="save">Save observation file</button></p>
      <p id="status" role="status"></p>
      <p class="hint">Answers stay in this browser until you save them. Put the saved file in
      <code>observations/</code>; <code>qapass pass</code> reads it like a sheet.</p>
      </header>
      <main>

      """
    var data: [JSONValue] = []
    var section: String?
    for (index, item) in items.enumerated() {
      let number = index + 1
      let group = item.configuration.inputMethod.map { "ime:" + $0.rawValue } ?? "haptics"
      if group != section {
        section = group
        let switchLine = item.preconditions.last { $0.hasPrefix("Switch to ") }
        let method = item.configuration.inputMethod?.rawValue ?? ""
        let heading = item.channel == .haptics ? "Haptics" : keyboardLabels[method] ?? method
        out += "<h2>\(html(heading))</h2>\n"
        if let switchLine, item.channel == .composition {
          out += "<p class=\"switch\">\(html(switchLine))</p>\n"
        }
      }
      out += "<section class=\"item\" id=\"item-\(number)\">\n"
      out += "<h3>\(number). \(html(heading(item)))</h3>\n"
      out += "<p class=\"id\"><code>\(html(item.id.rawValue))</code></p>\n"
      if !item.steps.isEmpty {
        out += "<h4>Steps</h4>\n<ol>\n" + item.steps.map { "<li>\(html($0))</li>\n" }.joined() + "</ol>\n"
      }
      if !item.expected.isEmpty {
        out +=
          "<h4>Expected</h4>\n<ul>\n" + item.expected.map { "<li>\(html($0))</li>\n" }.joined() + "</ul>\n"
      }
      out += "<fieldset><legend>Result</legend>\n"
      for result in ["untested", "pass", "fail", "blocked", "skipped"] {
        let checked = result == "untested" ? " checked" : ""
        out +=
          "<label><input type=\"radio\" name=\"result-\(number)\" value=\"\(result)\"\(checked)> \(result)</label>\n"
      }
      out += "</fieldset>\n"
      out += "<label class=\"wide\">Note (for blocked: the reason, required) "
      out += "<textarea name=\"note-\(number)\" rows=\"2\"></textarea></label>\n"
      out += "<label class=\"wide\">Evidence link <input type=\"url\" name=\"evidence-\(number)\"></label>\n"
      out += "<p class=\"problem\" id=\"problem-\(number)\" role=\"alert\"></p>\n</section>\n"
      let observable = observables[item.id]
      var entry: [(String, JSONValue)] = [
        ("n", .int(number)), ("id", .string(item.id.rawValue)),
        ("device", .string(observable?.device.rawValue ?? "")),
        ("os", .string(observable?.os ?? "")),
        ("text_version", .int(observable?.textVersion ?? item.scenarioVersion)),
      ]
      if let fingerprint = observable?.hapticFingerprint {
        entry.append(("haptic_fingerprint", .string(fingerprint)))
        entry.append(
          (
            "haptic_parameters",
            .object(
              (observable?.hapticParameters ?? [:]).sorted { $0.key < $1.key }.map {
                ($0.key, .string($0.value))
              })
          ))
      }
      data.append(.object(entry))
    }
    let document = JSONValue.object([
      ("session", .string(session.description)), ("plan", .string(plan.fingerprint)),
      ("build", plan.build.map(JSONValue.string) ?? .null),
      ("assignee", assignee.map(JSONValue.string) ?? .null), ("items", .array(data)),
    ])
    // `<` never appears raw inside the script element, so no text can close it.
    let json = document.rendered(trailingNewline: false).replacingOccurrences(of: "<", with: "\\u003c")
    out += """
      </main>
      <pre id="output" hidden></pre>
      <script type="application/json" id="qapass-data">\(json)</script>
      <script>\(script)</script>
      </body>
      </html>

      """
    return out
  }

  static func html(_ text: String) -> String { Escaping.xmlText(text) }

  static let style = """
    body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:52em;padding:1em}
    header{border-bottom:1px solid #ccc;margin-bottom:1em}
    .item{border:1px solid #ddd;border-radius:6px;margin:1em 0;padding:.5em 1em}
    .item.answered{border-color:#6a6}.id{color:#555;font-size:.85em}
    fieldset{border:0;padding:0}fieldset label{margin-right:1em}
    label.wide{display:block;margin:.4em 0}label.wide textarea,label.wide input{display:block;width:100%}
    .problem{color:#b00020;font-weight:600}.switch{background:#eef;padding:.4em}
    """

  /// Keeps the answers in `localStorage` and writes the observation file. Every value is written as a
  /// double-quoted YAML scalar (JSON string syntax, with the characters YAML 1.1 reads as line breaks
  /// or refuses escaped), so notes with `: `, `#`, quotes, newlines or a leading `-` come back intact.
  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("qapass-data").textContent);
      var key = "qapass." + data.plan + "." + data.session;
      var answers = {};
      try { answers = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { answers = {}; }
      var tester = document.getElementById("tester");
      tester.value = localStorage.getItem("qapass.tester") || data.assignee || "";
      tester.addEventListener("input", function () { localStorage.setItem("qapass.tester", tester.value.trim()); });
      function control(name, n) { return document.querySelector("[name=\\"" + name + "-" + n + "\\"]"); }
      function chosen(n) { return document.querySelector("[name=\\"result-" + n + "\\"]:checked").value; }
      function now() { return new Date().toISOString().replace(/\\.\\d+Z$/, "Z"); }
      function store() { localStorage.setItem(key, JSON.stringify(answers)); }
      data.items.forEach(function (item) {
        var n = item.n, saved = answers[n];
        if (saved) {
          var radio = document.querySelector("[name=\\"result-" + n + "\\"][value=\\"" + saved.result + "\\"]");
          if (radio) { radio.checked = true; }
          control("note", n).value = saved.note || "";
          control("evidence", n).value = saved.evidence || "";
        }
        function update(resultChanged) {
          var result = chosen(n);
          var previous = answers[n] || {};
          answers[n] = {
            result: result, note: control("note", n).value, evidence: control("evidence", n).value.trim(),
            time: resultChanged || !previous.time ? now() : previous.time
          };
          if (result === "untested") { delete answers[n]; }
          document.getElementById("item-" + n).classList.toggle("answered", result !== "untested");
          store();
        }
        document.querySelectorAll("[name=\\"result-" + n + "\\"]").forEach(function (radio) {
          radio.addEventListener("change", function () { update(true); });
        });
        control("note", n).addEventListener("input", function () { update(false); });
        control("evidence", n).addEventListener("input", function () { update(false); });
        document.getElementById("item-" + n).classList.toggle("answered", !!answers[n]);
      });
      function quote(value) {
        return JSON.stringify(String(value)).replace(/[\\u007f-\\u009f\\u2028\\u2029\\ufeff\\ufffe\\uffff]/g, function (c) {
          return "\\\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4);
        });
      }
      function observationFile(name) {
        var lines = [
          "# qapass observations saved from the HTML checklist of session " + data.session + " (format version 1).",
          "# Put this file in observations/: 'qapass pass' reads it like a sheet.",
          "version: 1", "observations:"
        ];
        data.items.forEach(function (item) {
          var answer = answers[item.n];
          if (!answer) { return; }
          lines.push("  - id: " + quote(item.id), "    result: " + quote(answer.result),
            "    tester: " + quote(name), "    time: " + quote(answer.time), "    device: " + quote(item.device),
            "    os: " + quote(item.os), "    text_version: " + item.text_version);
          if (data.build !== null) { lines.push("    build: " + quote(data.build)); }
          if (answer.note.trim() !== "") { lines.push("    note: " + quote(answer.note)); }
          if (answer.evidence !== "") { lines.push("    evidence: [" + quote(answer.evidence) + "]"); }
          if (item.haptic_fingerprint) {
            lines.push("    haptic_fingerprint: " + quote(item.haptic_fingerprint));
            lines.push("    haptic_parameters: {" + Object.keys(item.haptic_parameters).map(function (k) {
              return quote(k) + ": " + quote(item.haptic_parameters[k]);
            }).join(", ") + "}");
          }
        });
        return lines.join("\\n") + "\\n";
      }
      document.getElementById("save").addEventListener("click", function () {
        var status = document.getElementById("status"), problems = 0;
        document.querySelectorAll(".problem").forEach(function (p) { p.textContent = ""; });
        var name = tester.value.trim();
        if (name === "") { status.textContent = "Enter your name as tester first."; tester.focus(); return; }
        data.items.forEach(function (item) {
          var answer = answers[item.n];
          if (answer && answer.result === "blocked" && answer.note.trim() === "") {
            document.getElementById("problem-" + item.n).textContent = "A blocked item needs its reason in the note.";
            problems += 1;
          }
        });
        if (problems > 0) { status.textContent = problems + " blocked item(s) need a reason."; return; }
        var count = Object.keys(answers).length;
        if (count === 0) { status.textContent = "Nothing to save yet: no item has a result."; return; }
        var text = observationFile(name);
        document.getElementById("output").textContent = text;
        var link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([text], { type: "application/x-yaml" }));
        link.download = data.session + ".checklist-" + now().replace(/[-:]/g, "") + ".yaml";
        document.body.appendChild(link);
        link.click();
        link.remove();
        status.textContent = "Saved " + count + " observation(s) as " + link.download + ".";
      });
    })();
    """
}
