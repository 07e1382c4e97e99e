import Testing

@testable import Diagnostics
