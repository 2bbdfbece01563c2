"""What a person looks at: contact sheets, the HTML gallery of painted episodes, the desktop image viewer."""
