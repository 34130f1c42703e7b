import EffectPlugin

/// The plugin's glue: `effectctl --plugin` calls it once, with its host.
@_cdecl("scroll_effects_plugin")
public func scrollEffectsPlugin(_ host: UnsafeMutableRawPointer) {
  EffectPlugin.register([WobbleEffect.self, TickEffect.self], with: host)
}
