import Observations
import QAModel
import QAPassWorkflow
import Reporting

extension Pages {
  /// One field of a decision form.
  struct Field {
    /// The body key it gives.
    var name: String
    var label: String
    var required = true
    /// Whether it gives a list (words split at spaces and commas).
    var list = false
    var placeholder = ""
  }

  /// A form that `/assets/decisions.js` sends as JSON to the operation at `action` (an HTML form cannot
  /// send JSON, and a write must be JSON).
  static func form(_ id: String, action: String, legend: String, fields: [Field], button: String) -> String {
    var out = "<form class=\"decision\" id=\"\(attribute(id))\" data-action=\"\(attribute(action))\">\n"
    out += "<fieldset><legend>\(html(legend))</legend>\n<div class=\"fields\">\n"
    for field in fields {
      out += "<label>\(html(field.label)) <input name=\"\(attribute(field.name))\" autocomplete=\"off\""
      if field.required { out += " required" }
      if field.list { out += " data-list=\"\"" }
      if !field.placeholder.isEmpty { out += " placeholder=\"\(attribute(field.placeholder))\"" }
      out += "></label>\n"
    }
    out += "</div>\n<button type=\"submit\">\(html(button))</button>\n"
    return out + "<p class=\"outcome\" role=\"status\"></p>\n</fieldset>\n</form>\n"
  }

  static let byField = Field(name: "by", label: "By", placeholder: "your name")

  /// An item's decisions (its waiver, defects and retired observations, as the report weighs them) and
  /// the forms that make new ones: waive (a failure), retire (what is recorded), tie to defects.
  static func decisions(_ outcome: ItemOutcome, report: AcceptanceReport) -> String {
    let id = outcome.item.id
    var lines: [String] = []
    if let item = report.items.first(where: { $0.id == id }) {
      if let waiver = item.waiver {
        let decision = waiver.decision
        lines.append(
          "Waiver (\(waiver.status.rawValue.replacingOccurrences(of: "_", with: " "))) by \(decision.by) at "
            + "\(decision.time.text), approved by \(decision.approver ?? "nobody"), until "
            + "\(decision.expiry?.description ?? "no expiry"): \(decision.reason ?? "")")
      }
      if !item.defects.isEmpty { lines.append("Defects: " + item.defects.map(\.id).joined(separator: ", ")) }
    }
    for retired in report.retired where retired.id == id {
      let decision = retired.retirement
      lines.append(
        "Retired: \(retired.result?.rawValue ?? "an observation") by \(retired.tester ?? "someone") "
          + "(\(retired.path):\(retired.location.line)), by \(decision.by) at \(decision.time.text): "
          + (decision.reason ?? ""))
    }
    var out = "<h2>Decisions</h2>\n<ul id=\"decisions\">"
    out += lines.map { "<li>\(html($0))</li>" }.joined() + "</ul>\n"
    if lines.isEmpty { out += "<p>None.</p>\n" }
    let path = "/api/items/\(percentEncoded(id.rawValue))"
    if outcome.status == .fail {
      out += form(
        "waive", action: "\(path)/waive", legend: "Waive its failure (qapass waive)",
        fields: [
          byField, Field(name: "reason", label: "Reason"), Field(name: "approver", label: "Approver"),
          Field(name: "expires", label: "Expires", placeholder: "YYYY-MM-DD or a build"),
        ], button: "Waive")
    }
    if !outcome.observations.isEmpty {
      out += form(
        "retire", action: "\(path)/retire", legend: "Retire what is recorded (qapass retire)",
        fields: [byField, Field(name: "reason", label: "Reason")], button: "Retire")
    }
    out += form(
      "defect", action: "\(path)/defect", legend: "Tie to defects (qapass defect)",
      fields: [byField, Field(name: "defects", label: "Defects", list: true, placeholder: "BUG-1 BUG-2")],
      button: "Tie")
    return out
  }

  /// The dashboard's form that carries results after a build bump (`qapass carry`); none without a
  /// build under test.
  static func carryForm(_ standing: Workflow.Standing) -> String {
    guard standing.report.build != nil else { return "" }
    return "<h2>Carry results to this build</h2>\n"
      + form(
        "carry", action: "/api/carry",
        legend: "Results on an earlier build that this build does not affect (qapass carry)",
        fields: [
          byField, Field(name: "from_build", label: "From build"),
          Field(name: "checks", label: "Checks", required: false, list: true, placeholder: "m1 h2"),
          Field(name: "input_methods", label: "Input methods", required: false, list: true),
          Field(name: "devices", label: "Devices", required: false, list: true),
          Field(name: "ids", label: "Item ids", required: false, list: true),
          Field(name: "reason", label: "Reason"),
        ], button: "Carry")
  }

  /// The decision forms' style, after the pages' own.
  static let decisionStyle = """
    form.decision fieldset{border:1px solid #ccc;border-radius:8px;background:#fff;margin:1rem 0;padding:.6rem .9rem}
    form.decision legend{font-weight:600}
    form.decision .fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.5rem}
    form.decision label{display:flex;flex-direction:column;font-size:.9rem;gap:.2rem}
    form.decision input,form.decision button{font:inherit;min-height:44px;padding:.4rem .6rem;border:1px solid #888;\
    border-radius:8px}
    form.decision button{margin-top:.6rem;background:#114e9c;border-color:#114e9c;color:#fff;font-weight:600;padding:0 1.2rem}
    form.decision .outcome{margin:.4rem 0 0;font-weight:600;overflow-wrap:anywhere}
    form.decision .outcome:empty{display:none}form.decision .outcome.refused{color:#b00020}

    """

  /// Sends each decision form as JSON to its operation; says the outcome under it. While a form holds
  /// typed text, `/assets/live.js` waits with its reload (`data-editing`).
  static let decisionScript = """
    (function () {
      "use strict";
      document.querySelectorAll("form.decision").forEach(function (form) {
        var outcome = form.querySelector(".outcome");
        var by = form.querySelector("[name='by']");
        if (by) { by.value = localStorage.getItem("qapass.tester") || ""; }
        form.addEventListener("input", function () { form.setAttribute("data-editing", ""); });
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          var body = {};
          form.querySelectorAll("input[name]").forEach(function (input) {
            var value = input.value.trim();
            if (input.hasAttribute("data-list")) {
              var words = value.split(/[\\s,]+/).filter(function (word) { return word !== ""; });
              if (words.length > 0) { body[input.name] = words; }
            } else if (value !== "") {
              body[input.name] = value;
            }
          });
          if (by) { localStorage.setItem("qapass.tester", by.value.trim()); }
          outcome.classList.remove("refused");
          outcome.textContent = "Sending…";
          fetch(form.getAttribute("data-action"), { method: "POST", credentials: "same-origin", cache: "no-store",
            headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
            .then(function (response) {
              return response.json().then(function (reply) { return { status: response.status, reply: reply }; });
            })
            .then(function (answer) {
              if (answer.status === 201) {
                outcome.textContent = "Done.";
                form.removeAttribute("data-editing");
                return;
              }
              outcome.classList.add("refused");
              outcome.textContent = "Refused: " + (answer.reply && answer.reply.message
                ? answer.reply.message : "the server answered " + answer.status);
            })
            .catch(function () {
              outcome.classList.add("refused");
              outcome.textContent = "Refused: the server cannot be reached.";
            });
        });
      });
    })();

    """
}
