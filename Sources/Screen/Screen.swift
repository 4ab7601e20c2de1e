// Tile drawing through an SDL renderer (window or offscreen).
