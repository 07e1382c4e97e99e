import YAMLDecoding

/// The YAML schema shared by observation sheets and records files (format version 1).
///
/// ```yaml
/// version: 1                       # required
/// session: iphone-16e.26.x         # optional: the device session a sheet is for
/// observations:                    # required: a list, possibly empty ([])
///   - id: manual.haptic.h1.iphone-16e.26.x   # required: a plan item id
///     result: pass                 # required: pass | fail | blocked | skipped | untested
///     tester: mei                  # required unless untested
///     time: 2026-11-29T18:04:05Z   # required unless untested: ISO 8601 UTC
///     device: iphone-16e           # required unless untested; must match the item
///     os: "26.x"                   # required unless untested; must match the item
///     keyboard: ko_KR@sw=Korean;hw=Automatic   # keyboard items: the iOS keyboard identifier tested
///     text_version: 2              # required unless untested: the scenario text version followed
///     build: "4.12.0 (812)"        # optional: the app build tested
///     note: …                      # optional free text
///     evidence: [https://…]        # optional list of links
///     attachments: [evidence/3f…9a.png]   # files 'record --attach' stored, named by their SHA-256
///     haptic_fingerprint: sha256:… # haptic items: the pattern fingerprint in force
///     haptic_parameters: {intensity: "1.0", sharpness: "0.5"}   # haptic items: what was felt
///     carried: {from_build: "4.12.0 (812)", by: lead, at: 2026-12-03T08:00:00Z, reason: …}
///                                  # written by 'qapass carry': a result carried to the build
///     retired: true                # written by qapass: the item is no longer in the plan
/// ```
///
/// Empty values (`tester:`) count as not given. Unknown keys are errors. An entry whose id is not in the
/// plan (nor a former id of one of its items, see `renamed_from:`) is an error unless it has
/// `retired: true`, in which case ingest skips it quietly, or is `untested` (nothing was recorded in
/// it: one warning per file). An observation whose `keyboard` is not the item's is stale.
package enum ObservationSchema {
  /// The format version this release reads and writes.
  package static let version = 1
  /// The largest observation file read or appended to (the YAML input limit).
  package static let maxFileBytes = YAMLLimits.default.maxInputBytes

  /// The top-level keys of a file, in written order (`version`, `session`, `observations`): the one
  /// list every writer of observation files takes them from (the HTML checklist's page data too).
  package static let fileKeys = Key.all
  /// The keys of one observation, in written order: the one list every writer takes them from.
  package static let entryKeys = EntryKey.all

  /// Top-level keys, in written order.
  enum Key {
    static let version = "version"
    static let session = "session"
    static let observations = "observations"
    static let all = [version, session, observations]
  }

  /// The keys of an entry's `carried` mapping, in written order.
  enum CarriedKey {
    static let fromBuild = "from_build"
    static let by = "by"
    static let at = "at"
    static let reason = "reason"
    static let all = [fromBuild, by, at, reason]
  }

  /// Entry keys, in written order.
  enum EntryKey {
    static let id = "id"
    static let result = "result"
    static let tester = "tester"
    static let time = "time"
    static let device = "device"
    static let os = "os"
    static let keyboard = "keyboard"
    static let textVersion = "text_version"
    static let build = "build"
    static let note = "note"
    static let evidence = "evidence"
    static let hapticFingerprint = "haptic_fingerprint"
    static let hapticParameters = "haptic_parameters"
    static let attachments = "attachments"
    static let carried = "carried"
    static let retired = "retired"
    static let all = [
      id, result, tester, time, device, os, keyboard, textVersion, build, note, evidence, attachments,
      hapticFingerprint, hapticParameters, carried, retired,
    ]

    /// The index of `key` in ``all``, or `nil` for an unknown key.
    static func slot(of key: String) -> Int? {
      switch key {
      case id: 0
      case result: 1
      case tester: 2
      case time: 3
      case device: 4
      case os: 5
      case keyboard: 6
      case textVersion: 7
      case build: 8
      case note: 9
      case evidence: 10
      case attachments: 11
      case hapticFingerprint: 12
      case hapticParameters: 13
      case carried: 14
      case retired: 15
      default: nil
      }
    }
  }
}
