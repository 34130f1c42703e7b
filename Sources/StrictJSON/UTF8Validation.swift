/// Where UTF-8 text stops being UTF-8: what scene files and golden files
/// report, with the byte found there.
package enum UTF8Validation {
  /// The index of the first byte of `bytes` that is not part of well-formed
  /// UTF-8, or `nil` when they all are.
  ///
  /// Counted scalar by scalar: the decoder reads ahead of the scalar it
  /// returns, so its iterator does not say where a bad sequence starts.
  package static func firstInvalidByte<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bytes.Index? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var index = bytes.startIndex
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        index = bytes.index(index, offsetBy: UTF8.width(scalar))
      case .emptyInput:
        return nil
      case .error:
        return index
      }
    }
  }
}
