// A model of the UIKit declarations that Sources/QAPassHarnessUIKit/UITextFieldSubject.swift, its
// doc-comment example and docs/ADOPTING.md's feedback-generator block use, written from Apple's documentation (developer.apple.com/documentation/uikit;
// the iOS 26 SDK's Swift declarations: UIKit's classes are main-actor isolated). It exists only so that
// scripts/typecheck-apple-sources (and the doc-comment examples' test) can type-check that file on Linux:
// it is never linked into a product and none of its bodies runs. Each declaration quotes the documented
// Swift signature; add one here only as Apple documents it.
//
// One liberty: UITextFieldDelegate's methods are optional Objective-C requirements, which Linux cannot
// declare (no Objective-C runtime). Each is modelled as a get-only property of optional function type,
// which a call site reaches with the same spelling (`delegate?.textFieldShouldReturn?(field)`), the same
// argument (unlabelled) and the same optional result; what the model cannot check is an app's own
// conformance to the protocol.
@_exported import Foundation  // UIKit re-exports Foundation

/// `class UITextPosition`
@MainActor open class UITextPosition: NSObject {}

/// `class UITextRange`
@MainActor open class UITextRange: NSObject {}

/// `class UIResponder`
@MainActor open class UIResponder: NSObject {}

/// `class UIView`
@MainActor open class UIView: UIResponder {
  /// `var isHidden: Bool { get set }`
  open var isHidden = false
}

/// `class UILabel`
@MainActor open class UILabel: UIView {
  /// `var text: String? { get set }`
  open var text: String?
}

/// `class UIControl`
@MainActor open class UIControl: UIView {
  /// `struct UIControl.Event`
  public struct Event: OptionSet, Sendable {
    public var rawValue: UInt
    /// `init(rawValue: UInt)`
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `static var touchUpInside: UIControl.Event { get }`
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// `static var editingDidBegin: UIControl.Event { get }`
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    /// `static var editingChanged: UIControl.Event { get }`
    public static let editingChanged = Event(rawValue: 1 << 17)
    /// `static var editingDidEnd: UIControl.Event { get }`
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    /// `static var editingDidEndOnExit: UIControl.Event { get }`
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
  }

  /// `var isEnabled: Bool { get set }`
  open var isEnabled = true
  /// `func sendActions(for controlEvents: UIControl.Event)`
  open func sendActions(for controlEvents: UIControl.Event) {}
}

/// `protocol UITextFieldDelegate: NSObjectProtocol`, every requirement optional (see above).
@MainActor public protocol UITextFieldDelegate: AnyObject {
  /// `optional func textFieldDidBeginEditing(_ textField: UITextField)`
  var textFieldDidBeginEditing: ((UITextField) -> Void)? { get }
  /// `optional func textFieldDidEndEditing(_ textField: UITextField)`
  var textFieldDidEndEditing: ((UITextField) -> Void)? { get }
  /// `optional func textFieldDidChangeSelection(_ textField: UITextField)`
  var textFieldDidChangeSelection: ((UITextField) -> Void)? { get }
  /// `optional func textFieldShouldReturn(_ textField: UITextField) -> Bool`
  var textFieldShouldReturn: ((UITextField) -> Bool)? { get }
}

/// `class UIButton`
@MainActor open class UIButton: UIControl {}

/// `class UITextField` (with the `UITextInput` and `UIKeyInput` members it implements).
@MainActor open class UITextField: UIControl {
  /// `var text: String? { get set }`
  open var text: String?
  /// `weak var delegate: (any UITextFieldDelegate)? { get set }`
  open weak var delegate: (any UITextFieldDelegate)?
  /// `var markedTextRange: UITextRange? { get }`
  open var markedTextRange: UITextRange? { nil }
  /// `var selectedTextRange: UITextRange? { get set }`
  open var selectedTextRange: UITextRange?
  /// `var beginningOfDocument: UITextPosition { get }`
  open var beginningOfDocument: UITextPosition { UITextPosition() }

  /// `func setMarkedText(_ markedText: String?, selectedRange: NSRange)`
  open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {}
  /// `func unmarkText()`
  open func unmarkText() {}
  /// `func insertText(_ text: String)`
  open func insertText(_ text: String) {}
  /// `func deleteBackward()`
  open func deleteBackward() {}
  /// `func position(from position: UITextPosition, offset: Int) -> UITextPosition?`
  open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { nil }
  /// `func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?`
  open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    nil
  }
  /// `func replace(_ range: UITextRange, withText text: String)`
  open func replace(_ range: UITextRange, withText text: String) {}
}

/// `class UIFeedbackGenerator`
@MainActor open class UIFeedbackGenerator: NSObject {
  /// `func prepare()`
  open func prepare() {}
}

/// `class UINotificationFeedbackGenerator`
@MainActor open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  /// `enum UINotificationFeedbackGenerator.FeedbackType`
  public enum FeedbackType: Int, Sendable {
    /// `case success`
    case success = 0
    /// `case warning`
    case warning = 1
    /// `case error`
    case error = 2
  }

  /// `init()`
  public override init() { super.init() }

  /// `func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType)`
  open func notificationOccurred(_ notificationType: FeedbackType) {}
}
