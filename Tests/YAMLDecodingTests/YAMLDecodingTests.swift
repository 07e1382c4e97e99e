import Testing

@testable import YAMLDecoding
