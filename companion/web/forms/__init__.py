"""The forms a screen shows: action buttons, a refused card form shown again, the display's setup forms."""
