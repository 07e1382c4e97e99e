import Testing

@testable import QAPassCLI
