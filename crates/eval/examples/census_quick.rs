fn main() {
    let t = std::time::Instant::now();
    eval::HighEvaluator::get();
    println!("build {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let c = eval::census::five_card();
    println!("{:?} {:?}", c, t.elapsed());
    let t = std::time::Instant::now();
    let c = eval::census::seven_card();
    println!("{:?} {:?}", c, t.elapsed());
}
