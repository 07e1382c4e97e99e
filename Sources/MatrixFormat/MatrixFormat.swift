// Module MatrixFormat: see README "Architecture".
