// Module YAMLDecoding: see README "Architecture".
