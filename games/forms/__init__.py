"""Forms, one module per page they serve. They read what a player tapped or typed; the scoring
package judges it."""
