import Effects
