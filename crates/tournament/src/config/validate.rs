//! The checks a configuration must pass, each naming the field and the problem.

use super::{ConfigError, EventConfig};

/// Checks a parsed configuration.
pub fn validate(config: &EventConfig) -> Result<(), ConfigError> {
    if config.levels.is_empty() {
        return Err(ConfigError::new("levels", "at least one level is needed"));
    }
    Ok(())
}
