import QAModel

/// What ingest and sheets need to know about one manual plan item.
///
/// Observations does not depend on the scenario engine; whoever makes the plan converts its manual items
/// to this value type.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 1, device: "iphone-16e", os: "26.x",
///   title: "Saving plays the confirmation haptic",
///   hapticFingerprint: "sha256:1a2b3c4d5e6f", hapticParameters: ["intensity": "1.0", "sharpness": "0.5"])
/// ```
package struct ObservableItem: Hashable, Sendable {
  /// The stable plan item id, such as `manual.ime.m2.iphone-16e.26.x.zh-pinyin`.
  package var id: ItemID
  /// The version of the item's scenario text; bumped whenever the text changes.
  package var textVersion: Int
  /// The device id the item is for (`iphone-16e`).
  package var device: DeviceID
  /// The OS version the item is for (`26.x`).
  package var os: String
  /// The input method the item is typed with (keyboard items), as the plan's configuration names it.
  package var inputMethod: InputMethodID?
  /// The field the item is about (keyboard items).
  package var field: FieldID?
  /// The id without its `<device>.<os>` segment (`manual.ime.m2.zh-pinyin.full-name`), how a test of the
  /// item's session may name it; `nil` when the plan gives none.
  package var idWithoutSession: String?
  /// One line shown as a comment above the item's sheet entry.
  package var title: String
  /// For haptic feel items, the fingerprint of the haptic pattern in force (`sha256:1a2b3c4d5e6f`).
  package var hapticFingerprint: String?
  /// For haptic feel items, the pattern's parameters by name (`intensity` -> `1.0`); written sorted by name.
  package var hapticParameters: [String: String]
  /// For keyboard items, the iOS keyboard identifier the item is tested with
  /// (`ko_KR@sw=Korean;hw=Automatic`); an observation of another keyboard is stale.
  package var keyboard: String?
  /// The ids the item had before its device, input method or field was renamed (`renamed_from:`):
  /// observations recorded under them count for it.
  package var formerIDs: [ItemID]
  /// The ids its device had before (`renamed_from:` on the device): an observation naming one matches.
  package var formerDevices: [DeviceID]

  /// Creates an item.
  package init(
    id: ItemID,
    textVersion: Int,
    device: DeviceID,
    os: String,
    inputMethod: InputMethodID? = nil,
    field: FieldID? = nil,
    idWithoutSession: String? = nil,
    title: String,
    hapticFingerprint: String? = nil,
    hapticParameters: [String: String] = [:],
    keyboard: String? = nil,
    formerIDs: [ItemID] = [],
    formerDevices: [DeviceID] = []
  ) {
    self.id = id
    self.textVersion = textVersion
    self.device = device
    self.os = os
    self.inputMethod = inputMethod
    self.field = field
    self.idWithoutSession = idWithoutSession
    self.title = title
    self.hapticFingerprint = hapticFingerprint
    self.hapticParameters = hapticParameters
    self.keyboard = keyboard
    self.formerIDs = formerIDs
    self.formerDevices = formerDevices
  }

  /// Whether the item is a haptic feel item (it has a pattern fingerprint).
  package var isHaptic: Bool { hapticFingerprint != nil }
}

extension ObservableItem {
  /// The device session (device x OS) the item belongs to (`iphone-16e.26.x`).
  package var session: SessionID { SessionID(device: device, os: os) }
}
