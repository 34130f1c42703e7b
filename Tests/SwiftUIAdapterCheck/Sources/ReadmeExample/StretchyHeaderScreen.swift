import EffectHost
import ScrollEffectsSwiftUI
import SwiftUI

struct StretchyHeaderScreen: View {
  let scene: EffectHost.Scene  // the app bundle's stretchy-header.json, loaded

  var body: some View {
    ScrollView {
      VStack(spacing: 0) {
        Image("header").resizable().scaledToFill().scrollEffect("header")
        Text("The article").scrollEffect("body")
      }
      .scrollEffectsContent()
    }
    .scrollEffects(scene)
  }
}
