/// The kinds of ``Identifier``: each tag only tells one kind of id from another.
package enum IdentifierKind {
  /// A plan item.
  package enum Item {}
  /// A scenario of the catalog.
  package enum Check {}
  /// An input method of the matrix.
  package enum InputMethod {}
  /// A device of the matrix.
  package enum Device {}
  /// A form field of the matrix.
  package enum Field {}
}

/// The stable id of a plan item: `auto.c1.zh-pinyin.full-name.every-update`,
/// `manual.haptic.h1.iphone-16e.26.x`.
package typealias ItemID = Identifier<IdentifierKind.Item>

/// The id of a scenario of the catalog, the check an item carries out: `c1`, `haptic.contract`, `m2`.
///
/// The catalog's ids are named constants (`.c1`, `.hapticContract`, `.m1`), so code compares
/// `item.scenario == .c3` rather than a string literal. Ids are stable: never reused for another meaning.
package typealias CheckID = Identifier<IdentifierKind.Check>

/// The id of an input method of the matrix's `input_methods:` catalog: `zh-pinyin`, `ko-2set`.
package typealias InputMethodID = Identifier<IdentifierKind.InputMethod>

/// The id of a device of the matrix's `devices:` catalog: `iphone-16e`.
package typealias DeviceID = Identifier<IdentifierKind.Device>

/// The id of a form field of the matrix's `fields:` catalog: `full-name`.
package typealias FieldID = Identifier<IdentifierKind.Field>
