// A model of the Core Haptics declarations that Sources/AcceptanceCore/CoreHapticsPlayer.swift uses,
// written from Apple's documentation (developer.apple.com/documentation/corehaptics; the iOS 26 SDK's
// Swift declarations). It exists only so that scripts/typecheck-apple-sources can type-check that
// file on Linux: it is never linked into a product and none of its bodies runs. Each declaration
// quotes the documented Swift signature; add one here only as Apple documents it.
import Foundation

/// `let CHHapticTimeImmediate: TimeInterval`
public let CHHapticTimeImmediate: TimeInterval = 0

/// `protocol CHHapticDeviceCapability`
public protocol CHHapticDeviceCapability {
  /// `var supportsHaptics: Bool { get }`
  var supportsHaptics: Bool { get }
}

/// `protocol CHHapticPatternPlayer`
public protocol CHHapticPatternPlayer {
  /// `func start(atTime time: TimeInterval) throws`
  func start(atTime time: TimeInterval) throws
}

/// `class CHHapticEvent`
open class CHHapticEvent {
  /// `struct CHHapticEvent.EventType`
  public struct EventType: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    /// `init(rawValue: String)`
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `static let hapticTransient: CHHapticEvent.EventType`
    public static let hapticTransient = EventType(rawValue: "HapticTransient")
    /// `static let hapticContinuous: CHHapticEvent.EventType`
    public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
  }

  /// `struct CHHapticEvent.ParameterID`
  public struct ParameterID: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    /// `init(rawValue: String)`
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `static let hapticIntensity: CHHapticEvent.ParameterID`
    public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
    /// `static let hapticSharpness: CHHapticEvent.ParameterID`
    public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
  }

  /// `init(eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter],
  /// relativeTime time: TimeInterval)`
  public init(
    eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval
  ) {}

  /// `init(eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter],
  /// relativeTime time: TimeInterval, duration: TimeInterval)`
  public init(
    eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval,
    duration: TimeInterval
  ) {}
}

/// `class CHHapticEventParameter`
open class CHHapticEventParameter {
  /// `init(parameterID: CHHapticEvent.ParameterID, value: Float)`
  public init(parameterID: CHHapticEvent.ParameterID, value: Float) {}
}

/// `class CHHapticDynamicParameter`
open class CHHapticDynamicParameter {}

/// `class CHHapticPattern`
open class CHHapticPattern {
  /// `init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws`
  public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {}
}

/// `class CHHapticEngine`
open class CHHapticEngine {
  /// `enum CHHapticEngine.StoppedReason`
  public enum StoppedReason: Int, Sendable {
    case audioSessionInterrupt = 1
    case applicationSuspended = 2
    case idleTimeout = 3
    case notifyWhenFinished = 4
    case engineDestroyed = 5
    case gameControllerDisconnect = 6
    case systemError = -1
  }

  /// `typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void`
  public typealias StoppedHandler = (StoppedReason) -> Void
  /// `typealias ResetHandler = () -> Void`
  public typealias ResetHandler = () -> Void

  /// `class func capabilitiesForHardware() -> any CHHapticDeviceCapability`
  open class func capabilitiesForHardware() -> any CHHapticDeviceCapability {
    fatalError("declaration model")
  }

  /// `var stoppedHandler: CHHapticEngine.StoppedHandler { get set }`
  open var stoppedHandler: StoppedHandler = { _ in }
  /// `var resetHandler: CHHapticEngine.ResetHandler { get set }`
  open var resetHandler: ResetHandler = {}

  /// `init() throws`
  public init() throws {}
  /// `func start() throws`
  open func start() throws {}
  /// `func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer`
  open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
    fatalError("declaration model")
  }
}
