// Module CoveringArrays: see README "Architecture".
