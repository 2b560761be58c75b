#include "storage/postgres/live_table_rows.h"

#include "storage/errors.h"

namespace storage::postgres {

std::string insert_live_table_sql(std::string_view on_conflict) {
    return std::string("INSERT INTO live_tables (code, owner, owner_epoch, game_id, is_public, "
                       "version_base) VALUES ($3, $1, $2, $4, $5, tabula_now_ms()) ")
        .append(on_conflict);
}

void start_table_game(Connection& db, const Fence& owner, const std::string& code, GameId game,
                      bool is_public) {
    if (code.empty())
        throw StorageError("a game of a cluster's node needs its table's code (the directory's "
                           "key)");
    // ON CONFLICT ... WHERE: a row of another owner is left as it is (and nothing returned).
    static const std::string upsert = insert_live_table_sql(
        "ON CONFLICT (code) DO UPDATE SET game_id = excluded.game_id, "
        "is_public = excluded.is_public WHERE live_tables.owner = excluded.owner "
        "AND live_tables.owner_epoch = excluded.owner_epoch");
    const auto written = db.run(
        upsert,
        Params().add(owner.node_id).add(owner.epoch).add(code).add(game).add(is_public ? 1 : 0));
    if (written.affected() == 1)
        return;
    const auto found =
        db.run("SELECT owner, owner_epoch FROM live_tables WHERE code = $1", Params().add(code));
    std::string holder = "another transaction";
    if (found.rows() == 1)
        holder = found.is_null(0, 0) ? std::string("nobody (handed back, to be claimed)")
                                     : std::string("node ")
                                           .append(found.text(0, 0))
                                           .append(" at epoch ")
                                           .append(std::to_string(found.integer(0, 1)));
    throw StorageError(std::string("table code ")
                           .append(code)
                           .append(" is owned by ")
                           .append(holder)
                           .append(" in the cluster, not by node ")
                           .append(owner.node_id)
                           .append(" at epoch ")
                           .append(std::to_string(owner.epoch))
                           .append(": its game is not stored"));
}

void end_table_game(Connection& db, const Fence& owner, GameId game) {
    // By the code (the primary key), read from the game's row.
    db.run("DELETE FROM live_tables WHERE code = (SELECT table_code FROM games WHERE id = $3) "
           "AND game_id = $3 AND owner = $1 AND owner_epoch = $2",
           Params().add(owner.node_id).add(owner.epoch).add(game));
}

} // namespace storage::postgres
