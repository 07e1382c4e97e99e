extension PlanItem {
  /// A manual item's id without its `<device>.<os>` segment, as a test run in the item's session names it
  /// (`manual.ime.m2.zh-pinyin.full-name` for `manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name`);
  /// `nil` for automated items.
  ///
  /// Built from the item's channel, check, device and OS the way ``Plan/make(file:cellLimit:strategy:seed:previous:engines:)``
  /// builds the id (the device and OS sanitised alike), not by searching the id for the session's text.
  package var idWithoutSession: String? {
    guard kind == .manual, let device = configuration.device, let os = configuration.os else { return nil }
    let head = "manual.\(channel == .haptics ? "haptic" : "ime").\(scenario)"
    let session = ".\(Plan.sanitized(device.rawValue)).\(Plan.sanitized(os))"
    guard id.rawValue.hasPrefix(head + session) else { return nil }
    return head + id.rawValue.dropFirst(head.count + session.count)
  }
}
