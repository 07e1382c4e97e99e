import Testing

@testable import MatrixExpansion
