//! `croupier deal` (issue 17 item 5): a chip chop and an ICM split of the prizes left, each
//! adding up to them exactly; bad input is refused with what was wrong.

mod common;

/// The amounts of one column (`chip chop` 3rd, `ICM` 4th after the name) by player.
fn column(stdout: &str, index: usize) -> Vec<u64> {
    stdout
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with("prizes left"))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            fields[fields.len() - 4 + index].parse().expect("an amount")
        })
        .collect()
}

#[test]
fn a_final_table_deal_pays_out_the_prizes_left_hc_1_2() {
    let (ok, stdout, stderr) = common::croupier(&[
        "deal",
        "--stacks",
        "41000,22500,9000,4500",
        "--prizes",
        "5000,3000,2000,1000",
        "--names",
        "Anna,Ben,Cem,Dora",
        "--unit",
        "10",
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    let chop = column(&stdout, 2);
    let icm = column(&stdout, 3);
    assert_eq!(chop.len(), 4, "{stdout}");
    for amounts in [&chop, &icm] {
        assert_eq!(amounts.iter().sum::<u64>(), 11_000, "{stdout}");
        assert!(amounts.iter().all(|a| a % 10 == 0), "{stdout}");
        assert!(amounts.windows(2).all(|w| w[0] >= w[1]), "{stdout}");
    }
    // The chip leader gets less by ICM than by chips, the short stack more.
    assert!(icm[0] < chop[0] && icm[3] > chop[3], "{stdout}");
    // Nobody is offered less than the lowest prize left.
    assert!(chop.iter().chain(&icm).all(|&a| a >= 1000), "{stdout}");
    assert!(stdout.contains("Dora"), "{stdout}");
}

#[test]
fn a_deal_with_a_player_without_chips_or_too_few_players_is_refused() {
    let (ok, _, stderr) = common::croupier(&["deal", "--stacks", "10,0", "--prizes", "5,3"]);
    assert!(!ok);
    assert!(stderr.contains("stack 2"), "{stderr}");
    let (ok, _, stderr) = common::croupier(&["deal", "--stacks", "10", "--prizes", "5"]);
    assert!(!ok);
    assert!(stderr.contains("at least two players"), "{stderr}");
    let (ok, _, stderr) =
        common::croupier(&["deal", "--stacks", "10,20", "--prizes", "5", "--names", "A"]);
    assert!(!ok);
    assert!(stderr.contains("names"), "{stderr}");
}
