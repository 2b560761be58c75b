#include "lobby/table_list.h"

#include <algorithm>

namespace lobby {

namespace {

template <class T> bool named_in(const std::vector<T>& list, T value) {
    return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
}

template <class T> void sort_unique(std::vector<T>& list) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
}

template <class T> void append_numbers(std::string& out, const std::vector<T>& list) {
    bool first = true;
    for (const T value : list) {
        if (!first)
            out += ',';
        first = false;
        out += std::to_string(static_cast<int>(value));
    }
}

std::optional<ListKind> kind_of_status(TableStatus status) {
    if (status == TableStatus::Waiting)
        return ListKind::Open;
    if (status == TableStatus::Playing)
        return ListKind::Playing;
    return std::nullopt;
}

} // namespace

// --- the filter -------------------------------------------------------------------------------

bool ListFilter::matches(const TableSummary& table) const {
    if (!named_in(variants, table.setup.variant))
        return false;
    if (!speeds.empty() && !named_in(speeds, speed_of(table.setup.time_control)))
        return false;
    if (rated && *rated != table.setup.rated)
        return false;
    if (rating_min && table.host.rating < *rating_min)
        return false;
    if (rating_max && table.host.rating > *rating_max)
        return false;
    return true;
}

ListFilter ListFilter::normalized() const {
    ListFilter out = *this;
    sort_unique(out.variants);
    sort_unique(out.speeds);
    return out;
}

std::string ListFilter::key() const {
    const ListFilter f = normalized();
    std::string out;
    if (!f.variants.empty()) {
        out += "v:";
        append_numbers(out, f.variants);
        out += ';';
    }
    if (!f.speeds.empty()) {
        out += "s:";
        append_numbers(out, f.speeds);
        out += ';';
    }
    if (f.rated)
        out += *f.rated ? "r:1;" : "r:0;";
    if (f.rating_min) {
        out += "lo:";
        out += std::to_string(*f.rating_min);
        out += ';';
    }
    if (f.rating_max) {
        out += "hi:";
        out += std::to_string(*f.rating_max);
        out += ';';
    }
    return out;
}

// --- the list ---------------------------------------------------------------------------------

TableList::TableList(ListLimits limits) : limits_(limits) {
}

void TableList::apply(const TableListChanged& change) {
    const TableSummary& summary = change.table;
    const auto kind = change.change == TableListChanged::Change::Gone
                          ? std::nullopt
                          : kind_of_status(summary.status);
    if (!kind) {
        remove(summary.code);
        return;
    }
    auto [it, added] = entries_.try_emplace(summary.code, Entry{summary, 0, std::nullopt});
    Entry& entry = it->second;
    if (!added && entry.summary.host.id != summary.host.id) {
        const auto hosted = hosted_.find(entry.summary.host.id);
        if (hosted != hosted_.end() && hosted->second.erase(summary.code) > 0 &&
            hosted->second.empty())
            hosted_.erase(hosted);
    }
    entry.summary = summary;
    std::optional<ListKind> shown = kind;
    if (*kind == ListKind::Open) {
        hosted_[summary.host.id].insert(summary.code);
        if (away_.contains(summary.host.id))
            shown.reset();
    } else {
        // Started: no longer an open table, neither for its host nor for its address.
        if (const auto hosted = hosted_.find(summary.host.id); hosted != hosted_.end()) {
            hosted->second.erase(summary.code);
            if (hosted->second.empty()) {
                hosted_.erase(hosted);
                away_.erase(summary.host.id);
            }
        }
        uncount_address(summary.code);
    }
    if (!added && entry.kind == shown) {
        // The same list: the line changes in place, keeping its place in the order.
        ++revision_;
        if (shown == ListKind::Open)
            pending_[summary.code] = Pending{summary, false};
        return;
    }
    place(entry, shown);
}

void TableList::place(Entry& entry, std::optional<ListKind> kind) {
    const auto before = entry.kind;
    if (before == kind)
        return;
    if (before == ListKind::Open)
        open_.erase(entry.seq);
    if (before == ListKind::Playing)
        playing_.erase(entry.seq);
    entry.kind = kind;
    if (kind) {
        entry.seq = next_seq_++;
        (*kind == ListKind::Open ? open_ : playing_)[entry.seq] = entry.summary.code;
    }
    if (kind == ListKind::Open)
        pending_[entry.summary.code] = Pending{entry.summary, false};
    else if (before == ListKind::Open)
        pending_[entry.summary.code] = Pending{entry.summary, true};
    if (before == ListKind::Playing || kind == ListKind::Playing)
        playing_changed_ = true;
    ++revision_;
}

void TableList::remove(const std::string& code) {
    uncount_address(code);
    const auto it = entries_.find(code);
    if (it == entries_.end())
        return;
    place(it->second, std::nullopt);
    const PlayerId host = it->second.summary.host.id;
    if (const auto hosted = hosted_.find(host); hosted != hosted_.end()) {
        hosted->second.erase(code);
        if (hosted->second.empty()) {
            hosted_.erase(hosted);
            away_.erase(host);
        }
    }
    entries_.erase(it);
}

// --- tables from one address ------------------------------------------------------------------

Refusal TableList::admit(const std::string& address, const TableSetup& setup) const {
    if (!setup.is_public || open_from(address) < limits_.max_open_per_address)
        return std::nullopt;
    return refuse(errc::rate_limited,
                  "this address has " + std::to_string(limits_.max_open_per_address) +
                      " public tables waiting for players already; make a private one, or wait "
                      "until one starts");
}

void TableList::note_address(const std::string& code, const std::string& address) {
    if (address_of_.try_emplace(code, address).second)
        ++open_by_address_[address];
}

std::size_t TableList::open_from(const std::string& address) const {
    const auto it = open_by_address_.find(address);
    return it == open_by_address_.end() ? 0 : it->second;
}

void TableList::uncount_address(const std::string& code) {
    const auto it = address_of_.find(code);
    if (it == address_of_.end())
        return;
    const auto count = open_by_address_.find(it->second);
    if (count != open_by_address_.end() && --count->second == 0)
        open_by_address_.erase(count);
    address_of_.erase(it);
}

// --- hosts ------------------------------------------------------------------------------------

void TableList::host_gone(const PlayerId& host, TimePoint now) {
    if (!away_.contains(host))
        leaving_[host] = now + limits_.host_gone_unlist;
}

void TableList::host_back(const PlayerId& host) {
    leaving_.erase(host);
    if (away_.erase(host) > 0)
        set_hidden(host, false);
}

void TableList::check_timeouts(TimePoint now) {
    for (auto it = leaving_.begin(); it != leaving_.end();) {
        if (it->second > now) {
            ++it;
            continue;
        }
        // A player who hosts nothing open is simply forgotten.
        if (hosted_.contains(it->first)) {
            away_.insert(it->first);
            set_hidden(it->first, true);
        }
        it = leaving_.erase(it);
    }
}

std::optional<TimePoint> TableList::next_deadline() const {
    std::optional<TimePoint> earliest;
    for (const auto& [host, at] : leaving_)
        if (!earliest || at < *earliest)
            earliest = at;
    return earliest;
}

void TableList::set_hidden(const PlayerId& host, bool hidden) {
    const auto hosted = hosted_.find(host);
    if (hosted == hosted_.end())
        return;
    for (const auto& code : hosted->second) {
        const auto it = entries_.find(code);
        if (it != entries_.end() && it->second.summary.status == TableStatus::Waiting)
            place(it->second, hidden ? std::nullopt : std::optional<ListKind>(ListKind::Open));
    }
}

// --- pages ------------------------------------------------------------------------------------

ListPage TableList::page(ListKind kind, const ListFilter& filter,
                         std::optional<std::uint64_t> after, std::size_t limit) const {
    const auto& order = kind == ListKind::Open ? open_ : playing_;
    limit = std::max<std::size_t>(limit, 1);
    ListPage out;
    const auto first = after ? order.upper_bound(*after) : order.begin();
    if (filter == ListFilter{}) {
        // Everything matches: no need to look at every table to count them.
        out.total = order.size();
        for (auto it = first; it != order.end(); ++it) {
            if (out.tables.size() == limit) {
                out.cursor = std::prev(it)->first;
                break;
            }
            out.tables.push_back(&entries_.at(it->second).summary);
        }
        return out;
    }
    std::uint64_t last = 0;
    for (auto it = order.begin(); it != order.end(); ++it) {
        const TableSummary& table = entries_.at(it->second).summary;
        if (!filter.matches(table))
            continue;
        ++out.total;
        if (after && it->first <= *after)
            continue;
        if (out.tables.size() < limit) {
            out.tables.push_back(&table);
            last = it->first;
        } else if (!out.cursor) {
            out.cursor = last;
        }
    }
    return out;
}

std::size_t TableList::count(ListKind kind) const {
    return kind == ListKind::Open ? open_.size() : playing_.size();
}

// --- pushes -----------------------------------------------------------------------------------

ListBatch TableList::take_batch() {
    ListBatch batch;
    for (auto& [code, change] : pending_)
        (change.gone ? batch.gone : batch.listed).push_back(std::move(change.summary));
    pending_.clear();
    if (playing_changed_)
        batch.playing = playing_.size();
    playing_changed_ = false;
    return batch;
}

ListBatch TableList::filtered(const ListBatch& batch, const ListFilter& filter) {
    ListBatch out;
    out.playing = batch.playing;
    for (const auto& table : batch.listed)
        if (filter.matches(table))
            out.listed.push_back(table);
    for (const auto& table : batch.gone)
        if (filter.matches(table))
            out.gone.push_back(table);
    return out;
}

} // namespace lobby
