#include "storage/postgres/live_table_rows.h"

namespace storage::postgres {

std::string insert_live_table_sql(std::string_view on_conflict) {
    return std::string("INSERT INTO live_tables (code, owner, owner_epoch, game_id, is_public, "
                       "version_base) VALUES ($3, $1, $2, $4, $5, tabula_now_ms()) ")
        .append(on_conflict);
}

} // namespace storage::postgres
