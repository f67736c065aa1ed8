// The games and the stats derived from them, generated inside PostgreSQL (INSERT … SELECT over
// generate_series): a million rows never cross the wire. Users come from seed.ts, because wallet
// addresses are base58 and SQL has no base58.

/** Users numbered 1..n in a random order (wallets are random), for picking players by number. */
export const NUMBER_PLAYERS = `
  create temp table bench_players as
    select row_number() over (order by wallet_address)::int as n, id, wallet_address, username from users;
  create unique index on bench_players (n);
  analyze bench_players;`;

/**
 * `games` games over the last `days` days between the first `playing` players (the rest signed up and
 * never played). Player numbers are drawn as playing × random()², so low numbers play far more:
 * a few regulars with thousands of games, most players with a handful. 0.5 % never found an
 * opponent (cancelled: ended, not over, as the server leaves them), 10 % are free games against the bot, the rest are duels: 55 % free,
 * 30 % at 5$ and 15 % at 10$ (lamports at a SOL price between 100 and 250 USD), 3 % drawn.
 */
export const insertGames = (games: number, playing: number, days: number) => `
  insert into games (session_id, created_at, ended_at, player1_id, player2_id, player1_wallet, player2_wallet,
    player1_name, player2_name, player1_character, player2_character, bet_amount, stake_lamports, winner, game_over,
    current_round, reward_claimed, is_bot, fairness_commitment, server_seed, payout_state)
  select md5('bench-game-' || g), created_at,
    created_at + (60 + 240 * r_time) * interval '1 second',
    p1.id, p2.id, p1.wallet_address, p2.wallet_address, p1.username,
    case kind when 'bot' then 'Dojo Bot' else p2.username end,
    char1, case when kind = 'waiting' then null else char2 end,
    case usd when 0 then 'Free!' else usd || '$' end,
    case usd when 0 then 0 else (usd * 1000000000::bigint * 100 / (10000 + floor(15000 * r_price)))::bigint end,
    case when kind = 'waiting' then null when outcome = 'draw' then 'draw'
         when outcome = 'p1' then p1.wallet_address when kind = 'bot' then 'player2' else p2.wallet_address end,
    kind <> 'waiting',
    case when kind = 'waiting' then 0 else 3 + floor(5 * r_time)::int end,
    usd > 0 and outcome <> 'draw',
    kind = 'bot',
    encode(sha256(decode(seed, 'hex')), 'hex'),
    case when kind = 'waiting' then null else seed end,
    case when usd = 0 then 'none' when outcome = 'draw' then 'refunded' else 'paid' end
  from (
    select g, now() - random() * ${days} * interval '1 day' as created_at, random() as r_time, random() as r_price,
      1 + floor(${playing} * random() ^ 2)::int as a, 1 + floor(${playing} * random() ^ 2)::int as b,
      1 + floor(9 * random())::int as char1, 1 + floor(9 * random())::int as char2,
      encode(sha256(convert_to(g || ':' || random(), 'UTF8')), 'hex') as seed,
      case when r_kind < 0.005 then 'waiting' when r_kind < 0.105 then 'bot' else 'duel' end as kind,
      case when r_kind < 0.105 or r_stake < 0.55 then 0 when r_stake < 0.85 then 5 else 10 end as usd,
      case when r_outcome < 0.03 then 'draw' when r_outcome < 0.515 then 'p1' else 'p2' end as outcome
    from (select g, random() as r_kind, random() as r_stake, random() as r_outcome from generate_series(1, ${games}) g) draws
  ) x
  join bench_players p1 on p1.n = x.a
  left join bench_players p2 on x.kind = 'duel' and p2.n = case when x.b = x.a then x.a % ${playing} + 1 else x.b end`;

/** Each finished game once per registered player, with the result and profit the leaderboard computes. */
export const COLLECT_SIDES = `
  create temp table bench_sides as
  select user_id, ended_at, stake, rounds, character_id, result,
    case result when 'win' then (2 * stake * 97) / 100 - stake when 'loss' then -stake else 0 end as profit
  from (
    select player1_id as user_id, ended_at, stake_lamports as stake, current_round as rounds, player1_character as character_id,
      case when winner = 'draw' then 'draw' when winner = player1_wallet or winner = 'player1' then 'win' else 'loss' end as result
    from games where game_over and player1_id is not null
    union all
    select player2_id, ended_at, stake_lamports, current_round, player2_character,
      case when winner = 'draw' then 'draw' when winner = player2_wallet or winner = 'player2' then 'win' else 'loss' end
    from games where game_over and player2_id is not null
  ) sides;`;

/** user_stats for every user (zeros for those who never played), from bench_sides. */
export const INSERT_STATS = `
  with totals as (
    select user_id, count(*)::int as matches, count(*) filter (where result = 'win')::int as wins,
      count(*) filter (where result = 'loss')::int as losses, count(*) filter (where result = 'draw')::int as draws,
      coalesce(sum(profit) filter (where result = 'win'), 0)::bigint as earnings,
      coalesce(-sum(profit) filter (where result = 'loss'), 0)::bigint as lost,
      coalesce(max(profit) filter (where result = 'win'), 0)::bigint as biggest_win,
      coalesce(-min(profit) filter (where result = 'loss'), 0)::bigint as biggest_loss,
      sum(rounds)::int as rounds, count(*) filter (where stake = 0)::int as free_games,
      count(*) filter (where stake > 0)::int as paid_games, max(ended_at) as last_played
    from bench_sides group by user_id
  ), islands as (
    select user_id, result, row_number() over (partition by user_id order by ended_at)
      - row_number() over (partition by user_id, result order by ended_at) as island,
      ended_at = max(ended_at) over (partition by user_id) as latest
    from bench_sides
  ), streaks as (
    select user_id, max(length)::int as longest, coalesce(max(length) filter (where latest), 0)::int as current
    from (select user_id, island, count(*) as length, bool_or(latest) as latest from islands where result = 'win' group by user_id, island) runs
    group by user_id
  ), plays as (
    select user_id, jsonb_object_agg(character_id, games) as character_plays,
      (array_agg(character_id order by games desc, character_id))[1] as favorite
    from (select user_id, character_id, count(*) as games from bench_sides group by user_id, character_id) per_character
    group by user_id
  )
  insert into user_stats (user_id, total_matches, wins, losses, draws, total_earnings, total_losses, biggest_win, biggest_loss,
    total_profit, longest_win_streak, current_win_streak, favorite_character, character_plays, total_rounds_played,
    free_games_played, paid_games_played, updated_at)
  select u.id, coalesce(t.matches, 0), coalesce(t.wins, 0), coalesce(t.losses, 0), coalesce(t.draws, 0),
    coalesce(t.earnings, 0), coalesce(t.lost, 0), coalesce(t.biggest_win, 0), coalesce(t.biggest_loss, 0),
    coalesce(t.earnings - t.lost, 0), coalesce(s.longest, 0), coalesce(s.current, 0), p.favorite,
    coalesce(p.character_plays, '{}'::jsonb), coalesce(t.rounds, 0), coalesce(t.free_games, 0), coalesce(t.paid_games, 0),
    coalesce(t.last_played, u.created_at)
  from users u left join totals t on t.user_id = u.id left join streaks s on s.user_id = u.id left join plays p on p.user_id = u.id;`;

/** Experience and level as rules' progress.ts computes them, last activity, and referrals between players. */
export const FINISH_USERS = `
  update users u set experience = xp, level = floor(sqrt(floor(xp / 50)))::int + 1, last_active_at = s.updated_at
  from (select user_id, updated_at, 10 * total_matches + 20 * wins + 5 * draws as xp from user_stats) s
  where s.user_id = u.id;
  update users u set referred_by = r.id
  from bench_players p join bench_players r on r.n = (p.n * 7919) % 2000 + 1
  where p.id = u.id and p.n % 10 = 0 and r.id <> u.id;
  update users u set total_referrals = c.n
  from (select referred_by, count(*)::int as n from users where referred_by is not null group by referred_by) c
  where c.referred_by = u.id;`;
