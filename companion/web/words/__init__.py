"""What the screens say in the reader's language: log lines, reminders, highlights, links to the rules."""
