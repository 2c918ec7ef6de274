// The transposition table of the generic search (search.hpp): a lockless table shared by
// the threads of one search, and the pool that keeps tables between searches.
//
// An entry keeps the node's best move, its depth, its value and its node type, which says
// what the value is: the exact value of a PV node, a lower bound from a cut node (a move
// reached beta) or an upper bound from an all node (no move raised alpha).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>
#include <new>

namespace spieltisch::native {

// What a stored value is (two bits of an entry).
enum class NodeType : std::uint8_t {
    kNone = 0,  // an empty entry
    kPv = 1,    // the exact value (alpha < value < beta)
    kCut = 2,   // a lower bound: the search stopped at a move reaching beta
    kAll = 3,   // an upper bound: every move was searched, none raised alpha
};

// A lockless shared table: each slot holds key ^ data and data, so a torn write from
// another thread reads as a miss.
class TranspositionTable {
public:
    struct Entry {
        std::uint16_t move = 0xFFFF;
        bool has_move = false;
        std::int32_t score = 0;
        int depth = -1;
        NodeType type = NodeType::kNone;
    };

    explicit TranspositionTable(int megabytes) {
        const std::size_t bytes = static_cast<std::size_t>(std::max(1, megabytes)) << 20;
        std::size_t slots = 1;
        while (slots * 2 * sizeof(Slot) <= bytes) slots *= 2;
        // calloc: the pages of a large table arrive zeroed from the system when first
        // touched, so even a large table costs nothing up front.
        slots_.reset(static_cast<Slot*>(std::calloc(slots, sizeof(Slot))));
        if (!slots_) throw std::bad_alloc();
        mask_ = slots - 1;
    }

    // Start loading a slot into the cache (done right after a move, before its node runs).
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[key & mask_]); }

    // A new search: with `keep` the entries of earlier searches stay usable (the moves of
    // one game); without, they read as misses, as if the table were cleared (the same
    // search gives the same result). Every 32 generations the table is cleared for real.
    void new_search(bool keep) {
        if (keep) {
            keep_ = true;
            return;
        }
        keep_ = false;
        generation_ = (generation_ + 1) & 31;
        if (generation_ == 0) {
            std::memset(slots_.get(), 0, (mask_ + 1) * sizeof(Slot));  // no search is running
        }
    }

    bool probe(std::uint64_t key, Entry& out) const {
        Slot& slot = slots_[key & mask_];
        const std::uint64_t data = std::atomic_ref(slot.data).load(std::memory_order_relaxed);
        if ((std::atomic_ref(slot.key).load(std::memory_order_relaxed) ^ data) != key ||
            data == 0) {
            return false;
        }
        if (!keep_ && ((data >> 27) & 31) != generation_) return false;
        out.move = static_cast<std::uint16_t>(data & 0xFFFF);
        out.has_move = (data >> 16) & 1;
        out.type = static_cast<NodeType>((data >> 17) & 3);
        out.depth = static_cast<int>((data >> 19) & 0xFF);
        out.score = static_cast<std::int32_t>(static_cast<std::uint32_t>(data >> 32));
        return true;
    }

    void store(std::uint64_t key, int depth, NodeType type, int score, bool has_move,
               std::uint16_t move) {
        Slot& slot = slots_[key & mask_];
        const std::uint64_t data =
            static_cast<std::uint64_t>(move) | (static_cast<std::uint64_t>(has_move) << 16) |
            (static_cast<std::uint64_t>(type) << 17) |
            (static_cast<std::uint64_t>(std::clamp(depth, 0, 255)) << 19) |
            (static_cast<std::uint64_t>(generation_) << 27) |
            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(score)) << 32);
        std::atomic_ref(slot.key).store(key ^ data, std::memory_order_relaxed);
        std::atomic_ref(slot.data).store(data, std::memory_order_relaxed);
    }

private:
    // Read and written through std::atomic_ref: threads share the table without locks.
    struct Slot {
        std::uint64_t key;
        std::uint64_t data;
    };
    struct Free {
        void operator()(Slot* slots) const { std::free(slots); }
    };
    std::unique_ptr<Slot[], Free> slots_;
    std::size_t mask_ = 0;
    std::uint64_t generation_ = 0;
    bool keep_ = false;
};

// Tables outlive a search, so that a large table is allocated once per process and the
// moves of one game can share it. A search borrows one of its size; a second search
// running at the same time gets a table of its own. Each pooled table remembers its owner
// (a number the caller gives, e.g. one per agent): a search that keeps the table of its
// game gets its owner's own table back, never one another owner filled, so two agents of
// one process (the players of a match) never read each other's entries.
class TablePool {
public:
    static TablePool& instance() {
        static TablePool pool;
        return pool;
    }
    // A table of `megabytes` for `owner`: the one it gave back last if it is still here
    // (`kept` true), else a table of its own while the size has room for another, else the
    // oldest table of that size (`kept` false: to be cleared).
    std::unique_ptr<TranspositionTable> take(int megabytes, std::uint64_t owner, bool& kept) {
        std::lock_guard<std::mutex> guard(mutex_);
        kept = false;
        std::size_t same_size = 0;
        auto oldest = free_.end();
        for (auto it = free_.begin(); it != free_.end(); ++it) {
            if (it->megabytes != megabytes) continue;
            if (it->owner == owner) {
                kept = true;
                return release(it);
            }
            ++same_size;
            if (oldest == free_.end()) oldest = it;
        }
        if (same_size < capacity(megabytes) || oldest == free_.end()) {
            return std::make_unique<TranspositionTable>(megabytes);
        }
        return release(oldest);
    }
    void give_back(int megabytes, std::uint64_t owner, std::unique_ptr<TranspositionTable> table) {
        std::lock_guard<std::mutex> guard(mutex_);
        free_.push_back({megabytes, owner, std::move(table)});
        std::size_t same_size = 0;
        for (const auto& entry : free_) same_size += entry.megabytes == megabytes ? 1 : 0;
        if (same_size > capacity(megabytes)) {  // the oldest of that size goes
            for (auto it = free_.begin(); it != free_.end(); ++it) {
                if (it->megabytes == megabytes) {
                    free_.erase(it);
                    break;
                }
            }
        }
    }

private:
    struct Pooled {
        int megabytes;
        std::uint64_t owner;
        std::unique_ptr<TranspositionTable> table;
    };
    // Two tables of a size are kept (the two players of a match), one of a large size.
    static std::size_t capacity(int megabytes) { return megabytes <= 64 ? 2 : 1; }
    std::unique_ptr<TranspositionTable> release(std::vector<Pooled>::iterator it) {
        auto table = std::move(it->table);
        free_.erase(it);
        return table;
    }
    std::mutex mutex_;
    std::vector<Pooled> free_;  // the oldest first
};

}  // namespace spieltisch::native
