// Module MatrixExpansion: see README "Architecture".
