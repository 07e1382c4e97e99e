import Observations
import QAModel
import QAPassWorkflow
import Reporting

extension Pages {
  /// A device session's checklist, served: what the HTML checklist shows, from the same model and
  /// writer, with the results recorded so far from every source, each item's form at its recorded
  /// result; `/assets/checklist.js` sends each answer to `recordObservation` as it is given.
  ///
  /// The page carries the plan it was made under (`data-build`, `data-plan` on its body; each keyboard's
  /// identifier in its section, which the plan's fingerprint covers): its answers are recorded under
  /// it or refused (409) once the build or the plan changed, and the page then says so.
  ///
  /// - Parameters:
  ///   - checklist: The session's checklist, as `qapass checklist` makes it.
  ///   - standing: The pass now: each item's outcome.
  ///   - revision: The revision of the files the page was made from.
  /// - Returns: The page.
  static func checklist(_ checklist: Checklist, standing: Workflow.Standing, revision: String) -> String {
    var recorded: [ItemID: ChecklistHTMLWriter.Recorded] = [:]
    var done = 0
    for item in checklist.items {
      guard let outcome = standing.ingest.outcome(item.id) else { continue }
      let current = outcome.status.isResult
      if current { done += 1 }
      recorded[item.id] = ChecklistHTMLWriter.Recorded(
        result: current ? outcome.status : nil, line: recordedLine(outcome))
    }
    let total = checklist.items.count
    var attributes = [
      ("data-revision", revision), ("data-session", checklist.session.description),
      ("data-plan", checklist.planFingerprint),
    ]
    if let build = checklist.build { attributes.append(("data-build", build)) }
    if let assignee = checklist.assignment?.tester { attributes.append(("data-assignee", assignee)) }
    // The OS field's rule, the HTML checklist's: a release of the session's OS, required when that OS
    // is a series of releases (`26.x`), as `recordObservation` requires it.
    let os = checklist.session.os
    attributes += [
      ("data-os", os), ("data-os-pattern", OSVersion.releasePattern(for: os)),
      ("data-os-example", OSVersion.exampleRelease(of: os)),
    ]
    if OSVersion.isExact(os) { attributes.append(("data-os-optional", "")) }
    return document(
      title: checklist.title, asset: "checklist.css", scripts: ["checklist.js"], attributes: attributes,
      body: """
        <div id="changed" class="changed" role="alert" hidden><p id="changed-text"></p>\
        <button type="button" id="reload">Reload</button></div>
        <header>
        <h1>\(html(checklist.title))</h1>
        <p class="sub">Build under test <span id="page-build">\(html(checklist.buildText))</span> · plan \
        fingerprint <code id="page-plan">\(html(checklist.planFingerprint))</code></p>
        \(ChecklistHTMLWriter.facts(checklist))\(ChecklistHTMLWriter.context(checklist, buildField: false))\
        <p class="hint">Each answer is recorded as soon as you choose its result, with the note and evidence \
        link typed so far; choose the result again to record a changed note. What others record shows here \
        as it is recorded.</p>
        </header>
        <main>
        \(ChecklistHTMLWriter.content(checklist, results: checklist.results, recorded: recorded))\
        </main>
        <footer class="bar" id="bar">
        <div class="progress"><progress id="progress" max="\(total)" value="\(done)"></progress>
        <span id="done">\(done) of \(total) done</span></div>
        <div class="actions"><button type="button" id="next">Next open item</button></div>
        <p id="status" role="status"></p>
        </footer>

        """)
  }

  /// What an item's page line says of its results: the deciding observation, who gave it, when, under
  /// which build and from which file; why it no longer counts when it is stale.
  static func recordedLine(_ outcome: ItemOutcome) -> String {
    guard let deciding = outcome.deciding else { return "" }
    let observation = deciding.observation
    var line = "\(observation.result.rawValue) by \(observation.tester)"
    if let time = observation.time { line += " at \(time.text)" }
    if let build = observation.build { line += " under build \(build)" }
    line += " (\(deciding.path):\(deciding.location.line))"
    if deciding.isStale {
      line =
        "earlier: \(line), no longer counted: "
        + deciding.staleReasons.map(\.description).joined(separator: "; ")
    }
    if let note = observation.note { line += ". Note: \(note)" }
    return line
  }

  /// The served checklist's style: the HTML checklist's, and the navigation, the recorded lines and
  /// the notice that the plan changed.
  static var checklistStyle: String {
    ChecklistHTMLWriter.style + """
      nav{background:#fff;border-bottom:1px solid #ccc;padding:.6rem 1rem}
      nav .live{float:right;color:#1b6e35;font-size:.85rem}
      .recorded{margin:.3rem 0;font-size:.92rem;color:#1b3d6e;overflow-wrap:anywhere}.recorded:empty{display:none}
      .item.sending{opacity:.6}.problem,.changed p{overflow-wrap:anywhere}
      .changed{position:sticky;top:0;z-index:20;background:#8a4b00;color:#fff;padding:.6rem 1rem;display:flex;\
      flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
      .changed[hidden]{display:none}.changed p{margin:0;flex:1 1 16rem;font-weight:600}
      .changed button{min-height:48px;padding:0 1.2rem;border-radius:10px;border:0;background:#fff;color:#111;\
      font-weight:700}
      p.build{margin:0;align-self:end;font-size:.9rem}

      """
  }
}
