import GRDB

/// The database schema (GRDB migrations) and the integrity indexes some bug switches remove.
enum Schema {
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1-tables") { db in
            try db.execute(
                sql: """
                    CREATE TABLE user (
                      userId TEXT PRIMARY KEY NOT NULL,
                      regDate INTEGER NOT NULL,
                      lastLoginDate INTEGER,
                      withdrawnAt INTEGER,
                      lost INTEGER NOT NULL DEFAULT 0,
                      banType TEXT,
                      banBegin INTEGER,
                      banEnd INTEGER,
                      banMessage TEXT,
                      tempWithdrawalUntil INTEGER,
                      graceBanUntil INTEGER,
                      graceBanMessage TEXT,
                      graceBanRule TEXT,
                      nextDeadline INTEGER
                    );
                    CREATE INDEX user_nextDeadline ON user(nextDeadline) WHERE nextDeadline IS NOT NULL;

                    CREATE TABLE mapping (
                      idPCode TEXT NOT NULL,
                      idPId TEXT NOT NULL,
                      userId TEXT NOT NULL REFERENCES user(userId),
                      regDate INTEGER NOT NULL
                    );
                    CREATE INDEX mapping_account_lookup ON mapping(idPCode, idPId);
                    CREATE INDEX mapping_user ON mapping(userId);

                    CREATE TABLE session (
                      token TEXT PRIMARY KEY NOT NULL,
                      userId TEXT NOT NULL REFERENCES user(userId),
                      deviceId TEXT NOT NULL,
                      idPCode TEXT NOT NULL,
                      idPId TEXT NOT NULL,
                      issuedAt INTEGER NOT NULL,
                      expiresAt INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX session_device ON session(deviceId);
                    CREATE INDEX session_user ON session(userId);

                    CREATE TABLE ticket (
                      forcingMappingKey TEXT PRIMARY KEY NOT NULL,
                      userId TEXT NOT NULL,
                      mappedUserId TEXT NOT NULL,
                      idPCode TEXT NOT NULL,
                      idPId TEXT NOT NULL,
                      expiresAt INTEGER NOT NULL,
                      used INTEGER NOT NULL DEFAULT 0
                    );

                    CREATE TABLE transferAccount (
                      userId TEXT PRIMARY KEY NOT NULL REFERENCES user(userId),
                      accountId TEXT NOT NULL UNIQUE,
                      password TEXT NOT NULL,
                      issuedType TEXT NOT NULL,
                      regDate INTEGER NOT NULL,
                      expiresAt INTEGER,
                      used INTEGER NOT NULL DEFAULT 0,
                      failCount INTEGER NOT NULL DEFAULT 0,
                      blockEnd INTEGER
                    );
                    CREATE INDEX transferAccount_blockEnd ON transferAccount(blockEnd) WHERE blockEnd IS NOT NULL;

                    CREATE TABLE transferKey (
                      userId TEXT PRIMARY KEY NOT NULL REFERENCES user(userId),
                      transferKey TEXT NOT NULL UNIQUE,
                      regDate INTEGER NOT NULL,
                      expireDate INTEGER NOT NULL,
                      consumed INTEGER NOT NULL DEFAULT 0
                    );

                    CREATE TABLE withdrawal (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      userId TEXT NOT NULL,
                      date INTEGER NOT NULL,
                      regUser TEXT,
                      eventLogType TEXT NOT NULL
                    );
                    CREATE INDEX withdrawal_date ON withdrawal(date, userId);
                    """
            )
        }
        m.registerMigration("v2-integrity") { db in
            try db.execute(sql: createAccountUnique + ";" + createUserIdPUnique)
        }
        m.registerMigration("v3-session-current") { db in try db.execute(sql: sessionCurrent) }
        m.registerMigration("v4-grace-payments") { db in try db.execute(sql: gracePayments) }
        m.registerMigration("v5-gone-tokens") { db in try db.execute(sql: goneTokens) }
        m.registerMigration("v6-wrong-id-devices") { db in try db.execute(sql: wrongIdDevices) }
        m.registerMigration("v7-idp-credentials") { db in try db.execute(sql: idPCredentials) }
        return m
    }

    /// M2: an IdP account belongs to at most one user.
    static let createAccountUnique =
        "CREATE UNIQUE INDEX IF NOT EXISTS mapping_account_unique ON mapping(idPCode, idPId)"
    /// Several sessions per device (`tokens.perDevice: many`): the device index keeps only the
    /// current one unique (the device's latest login, for L7 and T3).
    static let sessionCurrent = """
        ALTER TABLE session ADD COLUMN current INTEGER NOT NULL DEFAULT 1;
        DROP INDEX session_device;
        CREATE UNIQUE INDEX session_device_current ON session(deviceId) WHERE current = 1;
        CREATE INDEX session_device ON session(deviceId);
        """

    /// B6: what a grace-banned user paid towards the release conditions.
    static let gracePayments = """
        ALTER TABLE user ADD COLUMN gracePaidAmount REAL NOT NULL DEFAULT 0;
        ALTER TABLE user ADD COLUMN gracePaidCount INTEGER NOT NULL DEFAULT 0;
        """

    /// `tokens.goneMember`: the tokens a withdrawal or a loss revoked, so they can still be told
    /// from tokens never issued (a revoked session's row is deleted).
    static let goneTokens = """
        CREATE TABLE goneToken (token TEXT PRIMARY KEY NOT NULL, userId TEXT NOT NULL);
        """

    /// E16, L15: the IdP access token that logged a session in with its IdP (null for guest sessions).
    static let idPCredentials = """
        ALTER TABLE session ADD COLUMN idPAccessToken TEXT;
        """

    /// T15 (`transferAccount.wrongIds: perDevice`): each device's consecutive unknown transfer ids
    /// and its block.
    static let wrongIdDevices = """
        CREATE TABLE wrongIdDevice (
          deviceId TEXT PRIMARY KEY NOT NULL, failCount INTEGER NOT NULL, regDate INTEGER NOT NULL, blockEnd INTEGER
        );
        """

    /// M1: at most one account per IdP type per user.
    static let createUserIdPUnique =
        "CREATE UNIQUE INDEX IF NOT EXISTS mapping_user_idp_unique ON mapping(userId, idPCode)"

    /// Migrates, then makes the integrity indexes match the bug switches: `race-mapping` and
    /// `race-first-login` run without the M2 index and `same-idp-twice` without the M1 index, as a
    /// backend that forgot them would. Fails if the data already violates an index that must exist.
    static func prepare(_ writer: any DatabaseWriter, bugs: BugSet) throws {
        try migrator.migrate(writer)
        try writer.write { db in
            try db.execute(
                sql: bugs.has(.raceMapping) || bugs.has(.raceFirstLogin)
                    ? "DROP INDEX IF EXISTS mapping_account_unique" : createAccountUnique
            )
            try db.execute(
                sql: bugs.has(.sameIdPTwice) ? "DROP INDEX IF EXISTS mapping_user_idp_unique" : createUserIdPUnique
            )
        }
    }

    /// Erases every row (test control `reset`).
    static func eraseAll(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM session; DELETE FROM goneToken; DELETE FROM ticket; DELETE FROM transferAccount; DELETE FROM transferKey;
                DELETE FROM wrongIdDevice; DELETE FROM mapping; DELETE FROM withdrawal; DELETE FROM user;
                """
        )
    }
}
