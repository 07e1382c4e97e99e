import Testing

@testable import AcceptanceCore
