/* Bad plugins for the tests, one per -D flag, written against the layout of
 * PluginHost and PluginSignature in Sources/EffectPlugin/EffectPlugin.swift.
 *
 *   cc -shared -fPIC -DNO_ENTRY_POINT stub-plugin.c -o no-entry-point.so
 *   cc -shared -fPIC -DOTHER_VERSION stub-plugin.c -o other-version.so
 *   cc -shared -fPIC -DUNKNOWN_SCHEME stub-plugin.c -o unknown-scheme.so
 *   cc -shared -fPIC -DNO_TYPES stub-plugin.c -o no-types.so
 *   cc -shared -fPIC -DSILENT stub-plugin.c -o silent.so
 */
#include <stddef.h>
#include <stdint.h>

struct signature {
  uint64_t magic;
  uint64_t interface_version;
  uint64_t surface_hash;
  const char *library_version;
};

struct host {
  uint64_t magic;
  uint64_t size;
  const struct signature *signature;
  void *context;
  void (*hand_over)(void *context, const void *signature, const void *const *types,
                    ptrdiff_t count);
};

#if defined(NO_ENTRY_POINT)
/* A shared library, but not a plugin. */
int scroll_effects_unrelated(void) { return 0; }
#else
void scroll_effects_plugin(void *pointer) {
  struct host *host = pointer;
#if defined(OTHER_VERSION)
  /* Built against ScrollEffects 0.0.9 with another surface. */
  struct signature theirs = {host->signature->magic, 1, 0x0123456789abcdefULL, "0.0.9"};
  host->hand_over(host->context, &theirs, NULL, 0);
#elif defined(UNKNOWN_SCHEME)
  /* A signature of some other scheme: only its magic number may be read. */
  uint64_t theirs[4] = {0x1122334455667788ULL, 0, 0, 0};
  host->hand_over(host->context, theirs, NULL, 0);
#elif defined(NO_TYPES)
  /* The host's own signature, and no type. */
  host->hand_over(host->context, host->signature, NULL, 0);
#elif defined(SILENT)
  /* Never calls back. */
  (void)host;
#endif
}
#endif
