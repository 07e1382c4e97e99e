// Module AcceptanceCore: see README "Architecture".
