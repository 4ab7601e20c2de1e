// The app wires the photo library, the screen and the control side to the core.
