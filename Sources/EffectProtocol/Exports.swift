/// Effects read their parameters from ``JSONObject``s and report problems at
/// ``JSONPath``s: an effect's module sees the JSON types by importing
/// EffectProtocol alone, as it did when they lived here.
@_exported import StrictJSON
