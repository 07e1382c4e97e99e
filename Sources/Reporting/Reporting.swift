// Module Reporting: see README "Architecture".
