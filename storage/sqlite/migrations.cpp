#include "storage/sqlite/migrations.h"

#include "storage/sqlite/connection.h"

#include <array>
#include <string>
#include <string_view>

namespace storage::sqlite {
namespace {

// Times are INTEGER milliseconds since the Unix epoch (UTC). Booleans are 0/1 with a CHECK.

// 1: accounts, sessions, ratings, games and moves, blocks.
constexpr std::string_view migration_1 = R"sql(
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL UNIQUE,  -- lower-case name: uniqueness ignores case
    password_hash TEXT    NOT NULL,         -- encoded Argon2id, parameters included
    created_at    INTEGER NOT NULL,
    disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
) STRICT;

CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,       -- SHA-256 of the token; the token is never stored
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_at);

CREATE TABLE ratings (
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant    TEXT    NOT NULL,
    speed      TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, variant, speed)
) STRICT, WITHOUT ROWID;
CREATE INDEX ratings_by_board ON ratings(variant, speed, rating DESC);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    variant        TEXT    NOT NULL,
    start_position TEXT    NOT NULL DEFAULT '',
    white_user_id  INTEGER REFERENCES users(id),  -- NULL: a guest
    black_user_id  INTEGER REFERENCES users(id),
    white_name     TEXT    NOT NULL,
    black_name     TEXT    NOT NULL,
    time_control   TEXT    NOT NULL,
    rated          INTEGER NOT NULL CHECK (rated IN (0, 1)),
    table_code     TEXT    NOT NULL DEFAULT '',
    started_at     INTEGER NOT NULL,
    ended_at       INTEGER,                       -- NULL while the game goes on
    result         TEXT    NOT NULL DEFAULT '',
    termination    TEXT    NOT NULL DEFAULT '',
    CHECK ((ended_at IS NULL) = (result = ''))
) STRICT;
CREATE INDEX games_unfinished ON games(id) WHERE ended_at IS NULL;
CREATE INDEX games_by_white ON games(white_user_id, id);
CREATE INDEX games_by_black ON games(black_user_id, id);

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    move     TEXT    NOT NULL,
    white_ms INTEGER NOT NULL,   -- clocks remaining after the move
    black_ms INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,   -- when the server accepted it
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE blocks (
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    blocked_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (user_id, blocked_user_id),
    CHECK (user_id <> blocked_user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX blocks_by_blocked ON blocks(blocked_user_id, user_id);
)sql";

// 2: rated ladders.
constexpr std::string_view migration_2 = R"sql(
CREATE TABLE ladders (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL UNIQUE,
    variant           TEXT    NOT NULL,
    time_control      TEXT    NOT NULL,
    max_rungs_up      INTEGER NOT NULL DEFAULT 5 CHECK (max_rungs_up >= 1),
    response_time_ms  INTEGER NOT NULL CHECK (response_time_ms > 0),
    organiser_user_id INTEGER REFERENCES users(id),  -- NULL: made by the operator
    created_at        INTEGER NOT NULL
) STRICT;

CREATE TABLE ladder_rungs (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rung      INTEGER NOT NULL CHECK (rung >= 1),    -- 1 is the top
    PRIMARY KEY (ladder_id, user_id),
    UNIQUE (ladder_id, rung)
) STRICT, WITHOUT ROWID;

CREATE TABLE ladder_challenges (
    id                 INTEGER PRIMARY KEY,
    ladder_id          INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    challenger_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    challenged_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at         INTEGER NOT NULL,
    deadline_at        INTEGER NOT NULL,
    game_id            INTEGER REFERENCES games(id),
    status             TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'challenger_won',
                                   'challenger_lost', 'forfeited', 'cancelled')),
    CHECK (challenger_user_id <> challenged_user_id)
) STRICT;
CREATE INDEX ladder_challenges_open ON ladder_challenges(ladder_id) WHERE status = 'open'
    OR status = 'accepted';

CREATE TABLE ladder_history (
    id           INTEGER PRIMARY KEY,
    ladder_id    INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    at           INTEGER NOT NULL,
    event        TEXT    NOT NULL,
    rung_before  INTEGER NOT NULL CHECK (rung_before >= 0),   -- 0: not on the ladder
    rung_after   INTEGER NOT NULL CHECK (rung_after >= 0),
    challenge_id INTEGER REFERENCES ladder_challenges(id) ON DELETE SET NULL
) STRICT;
CREATE INDEX ladder_history_by_user ON ladder_history(ladder_id, user_id, id);
)sql";

// 3: what a restarted server needs to bring a live game back whole: whether its table was
// public, the ladder challenge it decides, and the guests' token hashes (hex SHA-256 of the
// reconnection token; '' for an account or once the game has ended). ADD COLUMN keeps the
// rows: an older game reads back private, without a ladder and without guest hashes.
constexpr std::string_view migration_3 = R"sql(
ALTER TABLE games ADD COLUMN is_public INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1));
ALTER TABLE games ADD COLUMN ladder_id INTEGER REFERENCES ladders(id) ON DELETE SET NULL;
ALTER TABLE games ADD COLUMN ladder_challenge_id INTEGER
    REFERENCES ladder_challenges(id) ON DELETE SET NULL;
ALTER TABLE games ADD COLUMN white_guest_token_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black_guest_token_hash TEXT NOT NULL DEFAULT '';
)sql";

// 4: games of 3 to 6 players (the halma family).
// - game_seats holds only the seats beyond the first two (seat 2 to 5): seats 0 and 1 stay in
//   the white_* and black_* columns of games, as a two-player game keeps them. So a two-player
//   game writes and reads exactly what it did (no row here, no join), and every existing index
//   and query on games still finds seats 0 and 1; only history adds the index on user_id here.
// - white_place / black_place are the places of seats 0 and 1 of such a game once it ends
//   (place in game_seats the others'); NULL for two-player games and while unfinished.
// - game_leaves: who left before finishing and when (rules::Game::retire), `ordinal` keeping
//   the order of leaves at one ply; each seat leaves once.
// - moves.seat2_ms .. seat5_ms: the clocks of seats 2 to 5 after the move, in the move's own
//   row, so an N-seat move is still one INSERT of one row (a child table would make it one
//   INSERT per seat beyond two, and every read a join). Typed INTEGER columns, not a list in a
//   TEXT: STRICT checks them and nothing is parsed. A two-player move's INSERT is the one it
//   was and names none of them; its values in the old columns are the same, and the four NULLs
//   cost a new row 4 bytes of record header (rows written before stay as they were). The
//   CHECKs keep the clocks a prefix of the seats.
constexpr std::string_view migration_4 = R"sql(
CREATE TABLE game_seats (
    game_id          INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL CHECK (seat BETWEEN 2 AND 5),
    user_id          INTEGER REFERENCES users(id),  -- NULL: a guest
    name             TEXT    NOT NULL,
    guest_token_hash TEXT    NOT NULL DEFAULT '',   -- '' for an account or once ended
    place            INTEGER CHECK (place >= 1),    -- NULL while the game goes on
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
CREATE INDEX game_seats_by_user ON game_seats(user_id, game_id);

ALTER TABLE games ADD COLUMN white_place INTEGER CHECK (white_place >= 1);
ALTER TABLE games ADD COLUMN black_place INTEGER CHECK (black_place >= 1);

CREATE TABLE game_leaves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL CHECK (ordinal >= 0),  -- 0 for the first leave of the game
    seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    ply     INTEGER NOT NULL CHECK (ply >= 0),      -- moves played when the seat left
    PRIMARY KEY (game_id, ordinal),
    UNIQUE (game_id, seat)
) STRICT, WITHOUT ROWID;

ALTER TABLE moves ADD COLUMN seat2_ms INTEGER;
ALTER TABLE moves ADD COLUMN seat3_ms INTEGER CHECK (seat3_ms IS NULL OR seat2_ms IS NOT NULL);
ALTER TABLE moves ADD COLUMN seat4_ms INTEGER CHECK (seat4_ms IS NULL OR seat3_ms IS NOT NULL);
ALTER TABLE moves ADD COLUMN seat5_ms INTEGER CHECK (seat5_ms IS NULL OR seat4_ms IS NOT NULL);
)sql";

// 5: when and why each seat left (game_leaves.at_ms, reason). A table rebuilt after a restart
//    starts the next seat's time when the leaver was to move and left, not at the last move
//    (which would charge it the leaver's thinking time), and shows who resigned and who lost on
//    time. ADD COLUMN: a leave stored by version 4 reads back at 0 with no reason (the clock then
//    runs from the last move, as version 4 could only do).
constexpr std::string_view migration_5 = R"sql(
ALTER TABLE game_leaves ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_leaves ADD COLUMN reason TEXT NOT NULL DEFAULT '';
)sql";

// 6: the move journal. A move in play is appended here, not to `moves`: `moves` is clustered
//    by (game_id, ply), so a commit of moves from N games dirtied N leaf pages of it, and each
//    went whole into the WAL and through fdatasync (about 10 pages a commit under load). The
//    journal is clustered by its rowid, so a commit's moves share one leaf. The writer moves
//    the journal into `moves` in one transaction once it holds `WriterOptions::journal_rows`
//    rows (each game's leaf of `moves` written once for all its rows), so a row
//    is always in exactly one of the two tables, and a reader takes both (read_moves). Same
//    columns and checks as `moves`; no index: only the writer's merge and the reads of one
//    game scan it, and it stays small.
constexpr std::string_view migration_6 = R"sql(
CREATE TABLE move_journal (
    seq      INTEGER PRIMARY KEY,   -- the order moves were stored in
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    move     TEXT    NOT NULL,
    white_ms INTEGER NOT NULL,
    black_ms INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,
    seat2_ms INTEGER,
    seat3_ms INTEGER CHECK (seat3_ms IS NULL OR seat2_ms IS NOT NULL),
    seat4_ms INTEGER CHECK (seat4_ms IS NULL OR seat3_ms IS NOT NULL),
    seat5_ms INTEGER CHECK (seat5_ms IS NULL OR seat4_ms IS NOT NULL)
) STRICT;
)sql";

// 7: the move journal without its foreign key. With `REFERENCES games` every INSERT into the
//    journal opened a statement journal (an immediate foreign key is checked after the row is
//    written, so the statement may have to undo it) and the merge's DELETE went row by row
//    instead of freeing the table's pages at once: together about a third of the writer's
//    instructions a move (issue 11). The writer checks that a move's game is in progress
//    before writing it (read once from `games`, then kept in memory), games are never
//    deleted, and the merge into `moves` is still checked against `games`. Rows, order and
//    columns are kept.
constexpr std::string_view migration_7 = R"sql(
CREATE TABLE move_journal_7 (
    seq      INTEGER PRIMARY KEY,   -- the order moves were stored in
    game_id  INTEGER NOT NULL,      -- a game in progress when the move was stored
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    move     TEXT    NOT NULL,
    white_ms INTEGER NOT NULL,
    black_ms INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,
    seat2_ms INTEGER,
    seat3_ms INTEGER CHECK (seat3_ms IS NULL OR seat2_ms IS NOT NULL),
    seat4_ms INTEGER CHECK (seat4_ms IS NULL OR seat3_ms IS NOT NULL),
    seat5_ms INTEGER CHECK (seat5_ms IS NULL OR seat4_ms IS NOT NULL)
) STRICT;
INSERT INTO move_journal_7 SELECT seq, game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms,
    seat3_ms, seat4_ms, seat5_ms FROM move_journal;
DROP TABLE move_journal;
ALTER TABLE move_journal_7 RENAME TO move_journal;
)sql";

// 8: seats by index, moves by mover: one shape for every game, two players or six, that another
//    backend copies as it is (issue 33).
//    - game_seats holds every seat of every game (0 to 5): user_id (NULL: a guest), name, the
//      guest's token hash, place. It replaces the white_* / black_* columns of games (rebuilt
//      without them: they carry REFERENCES, which DROP COLUMN refuses; migrate() turns the
//      foreign keys off for this one, and checks them before the commit) and the seats beyond
//      two. history() and count_games() find a user's games by game_seats_by_user.
//    - A move changes the clock of the seat that made it and of no other, so its row keeps the
//      mover (`seat`) and that clock (`remaining_ms`) in place of every seat's clock: still one
//      INSERT of one row a move, two columns where there were two to six. A seat's clock is
//      that of its last move. The mover of a stored move is found from its clocks: the one seat
//      whose clock the move changed (seats that had left by then are not counted: their time
//      ran on until they left). A move that changed no clock (before the clock started, per-move
//      or delay controls, the rows a takeback stores) takes, in a game of two, the turn that
//      alternates with a move whose mover is known, else seat (ply - 1) mod seats; it then
//      keeps a clock that no move after it changed, so every seat's clock after the last
//      move is what the old row said.
//    - game_leaves.remaining_ms: the leaver's clock once it left (it stands still from then on),
//      taken from the first move after the leave; NULL when none followed (a table restored
//      then rebuilds it from the times, as version 7 did).
//    The journal is merged into `moves` first and comes back empty with the new columns.
constexpr std::string_view migration_8 = R"sql(
INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms, seat4_ms,
    seat5_ms) SELECT game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms, seat4_ms,
    seat5_ms FROM move_journal;
DROP TABLE move_journal;

ALTER TABLE game_leaves ADD COLUMN remaining_ms INTEGER;
UPDATE game_leaves SET remaining_ms = (SELECT CASE game_leaves.seat WHEN 0 THEN m.white_ms
    WHEN 1 THEN m.black_ms WHEN 2 THEN m.seat2_ms WHEN 3 THEN m.seat3_ms WHEN 4 THEN m.seat4_ms
    ELSE m.seat5_ms END FROM moves m
    WHERE m.game_id = game_leaves.game_id AND m.ply = game_leaves.ply + 1);

CREATE TABLE moves_8 (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL CHECK (ply >= 1),
    move         TEXT    NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),  -- who moved
    remaining_ms INTEGER NOT NULL,   -- the mover's clock after the move
    at_ms        INTEGER NOT NULL,   -- when the server accepted it
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
WITH stored AS (
    SELECT game_id, ply, move, at_ms, white_ms AS c0, black_ms AS c1, seat2_ms AS c2,
        seat3_ms AS c3, seat4_ms AS c4, seat5_ms AS c5,
        lag(white_ms) OVER w AS p0, lag(black_ms) OVER w AS p1, lag(seat2_ms) OVER w AS p2,
        lag(seat3_ms) OVER w AS p3, lag(seat4_ms) OVER w AS p4, lag(seat5_ms) OVER w AS p5,
        2 + (seat2_ms IS NOT NULL) + (seat3_ms IS NOT NULL) + (seat4_ms IS NOT NULL)
            + (seat5_ms IS NOT NULL) AS seats
    FROM moves WINDOW w AS (PARTITION BY game_id ORDER BY ply)
), changed AS (
    SELECT s.*,
        (p0 IS NOT NULL AND c0 IS NOT p0 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 0 AND l.ply < s.ply)) AS k0,
        (p1 IS NOT NULL AND c1 IS NOT p1 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 1 AND l.ply < s.ply)) AS k1,
        (p2 IS NOT NULL AND c2 IS NOT p2 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 2 AND l.ply < s.ply)) AS k2,
        (p3 IS NOT NULL AND c3 IS NOT p3 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 3 AND l.ply < s.ply)) AS k3,
        (p4 IS NOT NULL AND c4 IS NOT p4 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 4 AND l.ply < s.ply)) AS k4,
        (p5 IS NOT NULL AND c5 IS NOT p5 AND NOT EXISTS (SELECT 1 FROM game_leaves l
            WHERE l.game_id = s.game_id AND l.seat = 5 AND l.ply < s.ply)) AS k5
    FROM stored s
), known AS (
    SELECT *, CASE WHEN k0 + k1 + k2 + k3 + k4 + k5 = 1
        THEN k1 + 2 * k2 + 3 * k3 + 4 * k4 + 5 * k5 END AS mover
    FROM changed
), anchored AS (
    SELECT *, first_value(ply) OVER a AS anchor_ply, first_value(mover) OVER a AS anchor_seat
    FROM known WINDOW a AS (PARTITION BY game_id ORDER BY mover IS NULL, ply)
), decided AS (
    SELECT *, CASE WHEN mover IS NOT NULL THEN mover
        WHEN seats = 2 AND anchor_seat IS NOT NULL THEN abs(anchor_seat + ply - anchor_ply) % 2
        ELSE (ply - 1) % seats END AS seat
    FROM anchored
)
INSERT INTO moves_8 (game_id, ply, move, seat, remaining_ms, at_ms)
    SELECT game_id, ply, move, seat, CASE seat WHEN 0 THEN c0 WHEN 1 THEN c1 WHEN 2 THEN c2
        WHEN 3 THEN c3 WHEN 4 THEN c4 ELSE c5 END, at_ms FROM decided;
DROP TABLE moves;
ALTER TABLE moves_8 RENAME TO moves;

CREATE TABLE move_journal (
    seq          INTEGER PRIMARY KEY,   -- the order moves were stored in
    game_id      INTEGER NOT NULL,      -- a game in progress when the move was stored
    ply          INTEGER NOT NULL CHECK (ply >= 1),
    move         TEXT    NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    remaining_ms INTEGER NOT NULL,
    at_ms        INTEGER NOT NULL
) STRICT;

CREATE TABLE game_seats_8 (
    game_id          INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    user_id          INTEGER REFERENCES users(id),  -- NULL: a guest (or the computer)
    name             TEXT    NOT NULL,
    guest_token_hash TEXT    NOT NULL DEFAULT '',   -- '' for an account or once ended
    place            INTEGER CHECK (place >= 1),    -- games of more than two, once ended
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
INSERT INTO game_seats_8 SELECT id, 0, white_user_id, white_name, white_guest_token_hash,
    white_place FROM games;
INSERT INTO game_seats_8 SELECT id, 1, black_user_id, black_name, black_guest_token_hash,
    black_place FROM games;
INSERT INTO game_seats_8 SELECT game_id, seat, user_id, name, guest_token_hash, place
    FROM game_seats;
DROP TABLE game_seats;
ALTER TABLE game_seats_8 RENAME TO game_seats;
CREATE INDEX game_seats_by_user ON game_seats(user_id, game_id);

CREATE TABLE games_8 (
    id                  INTEGER PRIMARY KEY,
    variant             TEXT    NOT NULL,
    start_position      TEXT    NOT NULL DEFAULT '',
    time_control        TEXT    NOT NULL,
    rated               INTEGER NOT NULL CHECK (rated IN (0, 1)),
    table_code          TEXT    NOT NULL DEFAULT '',
    started_at          INTEGER NOT NULL,
    ended_at            INTEGER,                       -- NULL while the game goes on
    result              TEXT    NOT NULL DEFAULT '',
    termination         TEXT    NOT NULL DEFAULT '',
    is_public           INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
    ladder_id           INTEGER REFERENCES ladders(id) ON DELETE SET NULL,
    ladder_challenge_id INTEGER REFERENCES ladder_challenges(id) ON DELETE SET NULL,
    CHECK ((ended_at IS NULL) = (result = ''))
) STRICT;
INSERT INTO games_8 SELECT id, variant, start_position, time_control, rated, table_code,
    started_at, ended_at, result, termination, is_public, ladder_id, ladder_challenge_id
    FROM games;
DROP TABLE games;
ALTER TABLE games_8 RENAME TO games;
CREATE INDEX games_unfinished ON games(id) WHERE ended_at IS NULL;
)sql";

// 9: tournaments (issue 38; storage/tournament_store.h). Standings are not stored: they are
// computed from the pairings joined with their games' results, so a game's end is the
// standings' change. A round's primary key and a pairing's game id set once keep a restarted
// server from pairing or starting anything twice.
constexpr std::string_view migration_9 = R"sql(
CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL,
    format            TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin',
                                  'double_round_robin', 'arena')),
    variant           TEXT    NOT NULL,
    time_control      TEXT    NOT NULL,
    rated             INTEGER NOT NULL CHECK (rated IN (0, 1)),
    organiser_user_id INTEGER REFERENCES users(id),  -- NULL: made by the operator
    starts_at         INTEGER NOT NULL,
    rounds            INTEGER NOT NULL CHECK (rounds >= 0),
    duration_ms       INTEGER NOT NULL CHECK (duration_ms >= 0),
    min_players       INTEGER NOT NULL CHECK (min_players >= 2),
    max_players       INTEGER NOT NULL CHECK (max_players >= min_players),
    is_public         INTEGER NOT NULL CHECK (is_public IN (0, 1)),
    join_code         TEXT    NOT NULL DEFAULT '',
    tiebreaks         TEXT    NOT NULL DEFAULT '',
    bye_points        INTEGER NOT NULL CHECK (bye_points >= 0),
    late_entry_points INTEGER NOT NULL CHECK (late_entry_points >= 0),
    state             TEXT    NOT NULL CHECK (state IN ('created', 'running', 'finished',
                                  'cancelled')),
    created_at        INTEGER NOT NULL,
    started_at        INTEGER,
    ended_at          INTEGER
) STRICT;
CREATE INDEX tournaments_by_state ON tournaments(state, starts_at, id);

CREATE TABLE tournament_entries (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name           TEXT    NOT NULL,
    rating         INTEGER NOT NULL,
    joined_at      INTEGER NOT NULL,
    joined_round   INTEGER NOT NULL CHECK (joined_round >= 1),
    withdrawn_from INTEGER CHECK (withdrawn_from >= 1),
    paused         INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    entry_number   INTEGER NOT NULL CHECK (entry_number >= 1),
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, entry_number)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    paired_at     INTEGER NOT NULL,
    set_by_hand   INTEGER NOT NULL CHECK (set_by_hand IN (0, 1)),
    PRIMARY KEY (tournament_id, round)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_user_id INTEGER NOT NULL REFERENCES users(id),
    black_user_id INTEGER NOT NULL REFERENCES users(id),
    table_code    TEXT    NOT NULL DEFAULT '',  -- '' until its table is made
    game_id       INTEGER REFERENCES games(id) ON DELETE SET NULL,
    outcome       TEXT    NOT NULL DEFAULT '',  -- '': the game's result decides
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, round)
        ON DELETE CASCADE,
    CHECK (white_user_id <> black_user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX tournament_pairings_by_game ON tournament_pairings(game_id)
    WHERE game_id IS NOT NULL;

CREATE TABLE tournament_absences (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    kind          TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, round)
        ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_history (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    at            INTEGER NOT NULL,
    actor_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    event         TEXT    NOT NULL,
    detail        TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX tournament_history_by_tournament ON tournament_history(tournament_id, id);
)sql";

// 10: the organiser's tools for a Swiss (storage/tournament_store.h): half-point byes the
// players asked for, for rounds not paired yet, and pairs the organiser forbade (the lower
// account first, so that a pair is stored once).
constexpr std::string_view migration_10 = R"sql(
CREATE TABLE tournament_half_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    PRIMARY KEY (tournament_id, user_id, round)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_forbidden_pairs (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    first_user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    second_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, first_user_id, second_user_id),
    CHECK (first_user_id < second_user_id)
) STRICT, WITHOUT ROWID;
)sql";

// 11: the operator's schedule a tournament was made for (tournament_schedules), unique with
// its start, so that two nodes of a cluster ticking at once make one tournament, not two. Made
// by hand: NULL, which a unique index never counts twice. And the ladder whose players alone
// may join (NULL: everyone).
constexpr std::string_view migration_11 = R"sql(
ALTER TABLE tournaments ADD COLUMN schedule TEXT;
ALTER TABLE tournaments ADD COLUMN ladder_id INTEGER REFERENCES ladders(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX tournaments_by_schedule ON tournaments(schedule, starts_at)
    WHERE schedule IS NOT NULL;
)sql";

struct Migration {
    std::string_view sql;
    // It rebuilds a table other tables refer to: run with the foreign keys off (else dropping
    // the old table would cascade into its children), and checked before the commit.
    bool rebuilds_referenced_table = false;
};

constexpr std::array<Migration, 11> migrations{
    Migration{migration_1}, Migration{migration_2}, Migration{migration_3},
    Migration{migration_4}, Migration{migration_5}, Migration{migration_6},
    Migration{migration_7}, Migration{migration_8, true},
    Migration{migration_9},  // tournaments (issue 38)
    Migration{migration_10}, // a Swiss's half-point byes and forbidden pairs
    Migration{migration_11}, // a tournament's schedule (one a start) and ladder
};

bool foreign_keys_on(Connection& connection) {
    auto s = connection.prepare("PRAGMA foreign_keys");
    return s.step() && s.column_int(0) != 0;
}

// PRAGMA foreign_keys, turned off for a migration that needs it (a no-op inside a transaction:
// set between them) and put back as it was on leaving.
class ForeignKeys {
public:
    explicit ForeignKeys(Connection& connection)
        : connection_(connection), was_on_(foreign_keys_on(connection)) {}
    ~ForeignKeys() {
        try {
            set(was_on_);
        } catch (...) { // NOLINT(bugprone-empty-catch): a destructor must not throw
        }
    }
    ForeignKeys(const ForeignKeys&) = delete;
    ForeignKeys& operator=(const ForeignKeys&) = delete;
    void allow(bool on) { set(on && was_on_); }

private:
    void set(bool on) {
        connection_.exec(on ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF");
    }

    Connection& connection_;
    bool was_on_;
};

void check_foreign_keys(Connection& connection, int version) {
    auto s = connection.prepare("PRAGMA foreign_key_check");
    if (s.step())
        throw StorageError(connection.path() + ": migration " + std::to_string(version) +
                           " would break a foreign key of table " + s.column_text(0));
}

} // namespace

int latest_schema_version() {
    return static_cast<int>(migrations.size());
}

void migrate(Connection& connection, int target) {
    if (target < 0)
        target = latest_schema_version();
    if (target > latest_schema_version())
        throw StorageError("no migration to schema version " + std::to_string(target));
    ForeignKeys foreign_keys(connection);
    while (true) {
        // Which migration comes next decides the foreign keys, set outside the transaction; it
        // is read again inside it, where another migrator can no longer change it.
        const int peeked = connection.user_version();
        const bool off = peeked >= 0 && peeked < latest_schema_version() && peeked < target &&
                         migrations[static_cast<std::size_t>(peeked)].rebuilds_referenced_table;
        foreign_keys.allow(!off);
        Transaction transaction(connection); // BEGIN IMMEDIATE: one migrator at a time
        const int version = connection.user_version();
        if (version > latest_schema_version())
            throw StorageError(connection.path() + " has schema version " +
                               std::to_string(version) + ", newer than this program's " +
                               std::to_string(latest_schema_version()));
        if (version >= target)
            return;
        if (version != peeked)
            continue; // another migrator went first: look again
        const Migration& next = migrations[static_cast<std::size_t>(version)];
        connection.exec(next.sql);
        if (next.rebuilds_referenced_table)
            check_foreign_keys(connection, version + 1);
        // PRAGMA takes no bound parameters; the number is ours, not input.
        connection.exec("PRAGMA user_version = " + std::to_string(version + 1));
        transaction.commit();
    }
}

} // namespace storage::sqlite
