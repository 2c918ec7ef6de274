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
// running at the same time gets a table of its own.
class TablePool {
public:
    static TablePool& instance() {
        static TablePool pool;
        return pool;
    }
    std::unique_ptr<TranspositionTable> take(int megabytes) {
        {
            std::lock_guard<std::mutex> guard(mutex_);
            auto found = free_.find(megabytes);
            if (found != free_.end()) {
                auto table = std::move(found->second);
                free_.erase(found);
                return table;
            }
        }
        return std::make_unique<TranspositionTable>(megabytes);
    }
    void give_back(int megabytes, std::unique_ptr<TranspositionTable> table) {
        std::lock_guard<std::mutex> guard(mutex_);
        if (!free_.count(megabytes)) free_[megabytes] = std::move(table);
    }

private:
    std::mutex mutex_;
    std::map<int, std::unique_ptr<TranspositionTable>> free_;
};

}  // namespace spieltisch::native
