import Observations
import QAModel
import TextFormats

/// The checklist of one device session (one device on one OS), for the person holding it: every fact
/// a tester reads, once, for the writers of ``Writers/checklist`` to render (Markdown and HTML), so
/// the page and the Markdown file cannot say different things.
///
/// Made by ``Checklists/render(plan:file:catalog:ledger:folder:)``: a header (device, OS, build, plan and its
/// fingerprint, the assignee), the plan's notes for the session, what to check before starting, then
/// one section per keyboard (its identifier and its "switch to it now" line) and one for haptics (the
/// confirmation pattern), each item with its number from the ``ChecklistLedger``, its id, steps,
/// expected results and what to record.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let checklist = Checklists.render(plan: plan, file: file, catalog: ObservableCatalog(plan: plan))[0]
/// try Writers.checklist.files(checklist, formats: ["markdown", "html"])  // <session>.md, <session>.html
/// ```
package struct Checklist: Hashable, Sendable {
  /// What follows a checklist's stem in its observation sheet's name.
  package static let sheetSuffix = ".observations.yaml"

  /// The session.
  package var session: SessionID
  /// A stable file name such as `iphone-16e.26.x.md`: letters, digits, `.`, `-` and `_` only.
  package var fileName: String
  /// The device's name (`iPhone 16e`), or its id when the matrix has no such device.
  package var deviceName: String
  /// `physical device, plays haptics`, `Simulator, no haptics`.
  package var deviceKind: String
  /// The app build under test, if the matrix names one.
  package var build: String?
  /// The plan's name.
  package var planName: String
  /// The fingerprint of the plan the checklist was written for.
  package var planFingerprint: String
  /// Who carries out the session, when the matrix has a `testers:` catalog.
  package var assignment: Assignment?
  /// The names of the `testers:` catalog, in catalog order (empty without one): whom a tester may be.
  package var testers: [String]
  /// The plan's notes about this session and its keyboards.
  package var notes: [String]
  /// What to check before the first item.
  package var beforeYouStart: [String]
  /// The keyboard sections in plan order, then haptics.
  package var sections: [Section]
  /// The checklists folder as the commands the checklist prints name it (`--checklists qa`), so they
  /// find the matrix the checklists were made from; `nil` for the default folder.
  package var folder: String?

  /// The assignee of a session.
  package struct Assignment: Hashable, Sendable {
    /// The tester, or `nil` when nobody in the catalog holds the device.
    package var tester: String?
    /// The tester's time zone, when the catalog gives one.
    package var timeZone: String?
  }

  /// A group of items done together: one keyboard's, or the haptic ones.
  package struct Section: Hashable, Sendable {
    /// What the section is about.
    package enum Kind: Hashable, Sendable {
      /// The items typed with one keyboard.
      case keyboard(InputMethodID, label: String, identifier: String?)
      /// The haptic items, and the confirmation pattern they feel.
      case haptics(pattern: String?, parameters: [String])
      /// Items of neither kind (none today; listed rather than dropped).
      case other
    }

    /// What the section is about.
    package var kind: Kind
    /// What to do before its first item ("Switch to Korean – 2-Set now: …").
    package var preconditions: [String]
    /// Its items, in plan order.
    package var items: [Item]

    /// `Korean – 2-Set`, `Haptics`.
    package var title: String {
      switch kind {
      case .keyboard(_, let label, _): label
      case .haptics: "Haptics"
      case .other: "Other items"
      }
    }
  }

  /// One item to carry out.
  package struct Item: Hashable, Sendable {
    /// Its number on this checklist, kept across re-plans (``ChecklistLedger``).
    package var number: Int
    /// The plan item id.
    package var id: ItemID
    /// `M2 · Choose a candidate… — Full name`.
    package var heading: String
    /// What to do.
    package var steps: [String]
    /// What should happen.
    package var expected: [String]
    /// What to write down.
    package var record: [String]
    /// What an observation of it carries (device, OS, text version, haptic pattern).
    package var observable: ObservableItem?
  }

  /// Every item, in checklist order.
  package var items: [Item] { sections.flatMap(\.items) }

  /// How many items the keyboard sections and the haptic section hold.
  package var itemCounts: (keyboard: Int, haptic: Int) {
    var counts = (keyboard: 0, haptic: 0)
    for section in sections {
      switch section.kind {
      case .keyboard: counts.keyboard += section.items.count
      case .haptics: counts.haptic += section.items.count
      case .other: break
      }
    }
    return counts
  }

  /// The results a tester gives an item: the recordable outcomes that are results.
  package var results: [Outcome] { Outcome.recordable.filter(\.isResult) }

  /// `qapass record --session iphone-16e.26.x`: walks the untested items on a terminal.
  package var walkCommand: String {
    "qapass record --session \(Escaping.shellWord(session.description))\(folderOption)"
  }

  /// `qapass record 3 --session iphone-16e.26.x --result pass --os 26.4.1`, with the number of the
  /// checklist's third item (its first when it has fewer), and the example release `--os` gives when
  /// the session's OS is a series of releases (`record` requires the release the device runs then).
  package var recordCommand: (number: Int, command: String, release: String?) {
    let items = items
    let number = items.count >= 3 ? items[2].number : items.first?.number ?? 1
    let release = OSVersion.isExact(session.os) ? nil : OSVersion.exampleRelease(of: session.os)
    let os = release.map { " --os \(Escaping.shellWord($0))" } ?? ""
    let session = Escaping.shellWord(session.description)
    return (
      number, "qapass record \(number) --session \(session)\(folderOption) --result \(Outcome.pass)\(os)",
      release
    )
  }

  /// `records item 3, run on iOS 26.4.1 (give the release the device runs)`: what ``recordCommand``
  /// does, in the Markdown and HTML checklists' words.
  package var recordCommandSentence: String {
    let example = recordCommand
    return "records item \(example.number)"
      + (example.release.map { ", run on iOS \($0) (give the release the device runs)" } ?? "")
  }

  /// ` --checklists qa` for a folder other than the default one; the folder finds the matrix the
  /// checklists were made from (plan-source.yaml).
  var folderOption: String { folder.map { " --checklists \(Escaping.shellWord($0))" } ?? "" }

  /// `iphone-16e.26.x.html`.
  package var htmlFileName: String { fileStem + ".html" }
  /// `iphone-16e.26.x.observations.yaml`: the observation sheet beside the checklist, named after it.
  package var sheetFileName: String { fileStem + Self.sheetSuffix }

  /// ``fileName`` without `.md`.
  var fileStem: String { fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName }

  /// `Checklist: iPhone 16e, iOS 26.x`.
  package var title: String { "Checklist: \(deviceName), iOS \(session.os)" }
  /// The build as the checklist shows it.
  package var buildText: String { build ?? "not named by the matrix" }

  /// Creates a checklist; ``Checklists/render(plan:file:catalog:ledger:folder:)`` makes them from a plan.
  package init(
    session: SessionID, fileName: String, deviceName: String, deviceKind: String = "physical device",
    build: String? = nil, planName: String = "", planFingerprint: String = "",
    assignment: Assignment? = nil, testers: [String] = [], notes: [String] = [],
    beforeYouStart: [String] = [], sections: [Section] = []
  ) {
    self.session = session
    self.fileName = fileName
    self.deviceName = deviceName
    self.deviceKind = deviceKind
    self.build = build
    self.planName = planName
    self.planFingerprint = planFingerprint
    self.assignment = assignment
    self.testers = testers
    self.notes = notes
    self.beforeYouStart = beforeYouStart
    self.sections = sections
  }
}
