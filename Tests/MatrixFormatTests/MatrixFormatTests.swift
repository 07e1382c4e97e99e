import Testing

@testable import MatrixFormat
