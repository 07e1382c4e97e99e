// Module InputMethods: see README "Architecture".
