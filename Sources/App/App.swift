// The app wires the photo library, the screen and the control side to the core.
// (Placeholder module doc; modes arrive with their issues.)
import Waterfall
