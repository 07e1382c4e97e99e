// Module Observations: see README "Architecture".
